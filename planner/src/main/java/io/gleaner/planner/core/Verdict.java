package io.gleaner.planner.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the {@link PlannerCell} made of one input: applied (with any placements), refused (a job it will never run),
 * ignored, or invalid.
 */
public sealed interface Verdict permits Verdict.Applied, Verdict.Refused, Verdict.Ignored, Verdict.Invalid {

    /** The placements decided; empty unless {@link Applied}. */
    default List<Placement> placements() {
        return List.of();
    }

    /** The steps of jobs' life cycles this input caused, in order ({@code jobs.events}). */
    default List<JobStep> steps() {
        return List.of();
    }

    /**
     * The input changed the state (or was a normal no-op such as LAUNCHED); a heartbeat may have placed attempts and
     * found nodes lost ({@code lost}, {@link NodeLiveness}), a job may have had its input placed; {@code steps} are
     * the jobs' life-cycle steps it caused; {@code outputs} what the policy decided besides (its classes, plans and
     * admissions, {@link PlacementPolicy#takeOutputs}), whose admissions' steps end {@code steps}.
     */
    record Applied(List<Placement> placements, List<Rejection> rejected, Optional<InputPlacement> dataPlacement,
                   List<NodeLoss> lost, List<JobStep> steps, PolicyOutputs outputs) implements Verdict {

        /** Applied, nothing placed. */
        public static final Applied NOTHING_PLACED = new Applied(List.of(), List.of());

        public Applied {
            placements = List.copyOf(placements);
            rejected = List.copyOf(rejected);
            Objects.requireNonNull(dataPlacement, "dataPlacement");
            lost = List.copyOf(lost);
            steps = List.copyOf(steps);
            Objects.requireNonNull(outputs, "outputs");
        }

        /** An answer whose policy decided nothing besides. */
        public Applied(List<Placement> placements, List<Rejection> rejected, Optional<InputPlacement> dataPlacement,
                       List<NodeLoss> lost, List<JobStep> steps) {
            this(placements, rejected, dataPlacement, lost, steps, PolicyOutputs.NONE);
        }

        /** An answer that caused no life-cycle step. */
        public Applied(List<Placement> placements, List<Rejection> rejected, Optional<InputPlacement> dataPlacement,
                       List<NodeLoss> lost) {
            this(placements, rejected, dataPlacement, lost, List.of());
        }

        /** Nothing placed; these steps. */
        public static Applied steps(List<JobStep> steps) {
            return new Applied(List.of(), List.of(), Optional.empty(), List.of(), steps);
        }

        /** This answer with the policy's {@code outputs} and the steps of their admissions after its own. */
        Applied with(PolicyOutputs outputs, List<JobStep> admissionSteps) {
            var all = new ArrayList<>(steps);
            all.addAll(admissionSteps);
            return new Applied(placements, rejected, dataPlacement, lost, all, outputs);
        }

        /** A job's answer, or a heartbeat's that found no node lost. */
        public Applied(List<Placement> placements, List<Rejection> rejected, Optional<InputPlacement> dataPlacement) {
            this(placements, rejected, dataPlacement, List.of());
        }

        /** A heartbeat's answer that found no node lost. */
        public Applied(List<Placement> placements, List<Rejection> rejected) {
            this(placements, rejected, Optional.empty());
        }
    }

    /**
     * A valid job the planner will never run, answered with {@code admission} (rejected, with why) instead of being
     * queued: a task of it needs more than any node known has, so under FIFO it would wait at the head of the queue
     * for good, and under every policy it would be planned again on every heartbeat.
     */
    record Refused(Admission admission, JobStep step) implements Verdict {
        public Refused {
            Objects.requireNonNull(admission, "admission");
            Objects.requireNonNull(step, "step");
            if (admission.accepted()) {
                throw new IllegalArgumentException("a refusal's admission must be rejected, was accepted for job "
                        + admission.jobId());
            }
        }

        /** The refusal of {@code job}, submitted and refused at its submit time, for {@code reason}. */
        public static Refused of(Job job, String reason) {
            var admission = Admission.rejected(job.jobId(), job.submitTime(), reason);
            return new Refused(admission, JobStep.admission(admission, Optional.empty(),
                    job.count(TaskKind.MAP) + job.count(TaskKind.REDUCE)));
        }

        @Override
        public List<JobStep> steps() {
            return List.of(step);
        }
    }

    /** A valid input that changes nothing, e.g. a duplicate; not a dead letter. */
    record Ignored(String why) implements Verdict {
        public Ignored {
            Objects.requireNonNull(why, "why");
        }
    }

    /** An input the planner cannot use: it becomes a dead letter with this reason. */
    record Invalid(String reason) implements Verdict {
        public Invalid {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
