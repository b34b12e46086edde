package io.gleaner.planner.core.salamander.solver;

/** A resource metric m of Salamander §III-B1 (Table I, R): the model plans CPU and RAM. */
public enum Metric {
    CPU,
    RAM
}
