package io.gleaner.planner.salamander;

/** A resource metric m of Salamander §III-B1 (Table I, R): the model plans CPU and RAM. */
public enum Metric {
    CPU,
    RAM
}
