package io.gleaner.planner.core;

/** The phase a task belongs to: maps read chunks, reduces read the maps' output once every map has succeeded. */
public enum TaskKind {
    MAP("m"),
    REDUCE("r");

    private final String letter;

    TaskKind(String letter) {
        this.letter = letter;
    }

    /** The letter used in decision ids: {@code m} or {@code r}. */
    String letter() {
        return letter;
    }
}
