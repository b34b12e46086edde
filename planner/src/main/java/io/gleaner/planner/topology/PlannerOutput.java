package io.gleaner.planner.topology;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.PlacementDecision;

/** What the planner's processors forward: a placement for its node, or a dead letter. Exactly one is set. */
record PlannerOutput(PlacementDecision placement, DeadLetter deadLetter) {

    PlannerOutput {
        if ((placement == null) == (deadLetter == null)) {
            throw new IllegalArgumentException("exactly one of placement and deadLetter must be set");
        }
    }

    static PlannerOutput of(PlacementDecision placement) {
        return new PlannerOutput(placement, null);
    }

    static PlannerOutput of(DeadLetter deadLetter) {
        return new PlannerOutput(null, deadLetter);
    }

    boolean isDeadLetter() {
        return deadLetter != null;
    }
}
