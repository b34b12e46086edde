package io.gleaner.planner.topology;

import io.gleaner.schemas.avro.CellStatus;
import io.gleaner.schemas.avro.ClassPlan;
import io.gleaner.schemas.avro.DataPlacement;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobAdmission;
import io.gleaner.schemas.avro.JobClass;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobRoute;
import io.gleaner.schemas.avro.PlacementDecision;
import java.util.Objects;
import org.apache.avro.specific.SpecificRecord;

/**
 * What the planner's processors forward, each kind to its topic: a placement for its node, a dead letter, from the
 * COSHH policy's queuing process a job class (null: the class is gone, a tombstone) or a class plan, from the
 * Salamander policy a job's admission, from a policy that places data where a new job's input went, and a step of a
 * job's life cycle; with several cells (docs/cells.md), a cell's status and a job's route.
 */
record PlannerOutput(Kind kind, SpecificRecord value) {

    /** Where an output goes. */
    enum Kind {
        PLACEMENT, DEAD_LETTER, JOB_CLASS, CLASS_PLAN, ADMISSION, DATA_PLACEMENT, JOB_EVENT, CELL_STATUS, JOB_ROUTE
    }

    PlannerOutput {
        Objects.requireNonNull(kind, "kind");
        if (value == null && kind != Kind.JOB_CLASS) {
            throw new IllegalArgumentException("only a job class may be a tombstone, not a " + kind);
        }
    }

    static PlannerOutput of(PlacementDecision placement) {
        return new PlannerOutput(Kind.PLACEMENT, placement);
    }

    static PlannerOutput of(DeadLetter deadLetter) {
        return new PlannerOutput(Kind.DEAD_LETTER, deadLetter);
    }

    /** A class as it now stands, or null for a class that no longer exists. */
    static PlannerOutput of(JobClass jobClass) {
        return new PlannerOutput(Kind.JOB_CLASS, jobClass);
    }

    static PlannerOutput of(ClassPlan plan) {
        return new PlannerOutput(Kind.CLASS_PLAN, plan);
    }

    static PlannerOutput of(JobAdmission admission) {
        return new PlannerOutput(Kind.ADMISSION, admission);
    }

    static PlannerOutput of(JobEvent event) {
        return new PlannerOutput(Kind.JOB_EVENT, event);
    }

    static PlannerOutput of(DataPlacement placement) {
        return new PlannerOutput(Kind.DATA_PLACEMENT, placement);
    }

    static PlannerOutput of(CellStatus status) {
        return new PlannerOutput(Kind.CELL_STATUS, status);
    }

    static PlannerOutput of(JobRoute route) {
        return new PlannerOutput(Kind.JOB_ROUTE, route);
    }

    boolean is(Kind wanted) {
        return kind == wanted;
    }

    boolean isDeadLetter() {
        return kind == Kind.DEAD_LETTER;
    }

    PlacementDecision placement() {
        return (PlacementDecision) value;
    }

    DeadLetter deadLetter() {
        return (DeadLetter) value;
    }

    JobClass jobClass() {
        return (JobClass) value;
    }

    ClassPlan plan() {
        return (ClassPlan) value;
    }

    JobAdmission admission() {
        return (JobAdmission) value;
    }

    JobEvent jobEvent() {
        return (JobEvent) value;
    }

    DataPlacement dataPlacement() {
        return (DataPlacement) value;
    }

    CellStatus cellStatus() {
        return (CellStatus) value;
    }

    JobRoute jobRoute() {
        return (JobRoute) value;
    }
}
