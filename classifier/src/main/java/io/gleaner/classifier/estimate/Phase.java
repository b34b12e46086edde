package io.gleaner.classifier.estimate;

/** The two kinds of task of a MapReduce job; the profiles keep their statistics apart (seed 003 §3.3.1). */
public enum Phase {
    MAP,
    REDUCE
}
