package io.gleaner.planner.topology;

/**
 * What the router forwards: a job or a report on its way to its cell, or an output of the planner's own (a route on
 * {@code jobs.routed}, a refused job's admission and step, a dead letter). Exactly one is set.
 */
record RouterOutput(CellRecord job, CellRecord report, PlannerOutput output) {

    static RouterOutput job(CellRecord job) {
        return new RouterOutput(job, null, null);
    }

    static RouterOutput report(CellRecord report) {
        return new RouterOutput(null, report, null);
    }

    static RouterOutput of(PlannerOutput output) {
        return new RouterOutput(null, null, output);
    }
}
