package io.gleaner.planner.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a policy decided besides placements and input layouts since the planner cell last asked
 * ({@link PlacementPolicy#takeOutputs}): COSHH's classes and plans after a re-solve, and the admissions that changed
 * (Salamander's). The cell hands them to its driver in the verdict ({@link Verdict.Applied#outputs}), so that the
 * stage and the simulator publish the same without knowing which policy runs.
 *
 * @param classesAndPlans COSHH's classes and both plans, once after each re-solve
 * @param admissions      the admissions that changed, the latest per job, in the order they changed
 */
public record PolicyOutputs(Optional<ClassesAndPlans> classesAndPlans, List<Admission> admissions) {

    /** Nothing new. */
    public static final PolicyOutputs NONE = new PolicyOutputs(Optional.empty(), List.of());

    public PolicyOutputs {
        Objects.requireNonNull(classesAndPlans, "classesAndPlans");
        admissions = List.copyOf(admissions);
    }

    /** True when there is nothing to publish. */
    public boolean isEmpty() {
        return classesAndPlans.isEmpty() && admissions.isEmpty();
    }
}
