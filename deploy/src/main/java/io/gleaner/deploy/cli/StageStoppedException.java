package io.gleaner.deploy.cli;

import io.gleaner.runtime.StageStop;

/**
 * A long-running command ends because one of its stages stopped for good: the command closes the other stages and
 * {@code gleaner} exits with {@link #EXIT_CODE}, so that a supervisor restarts the process.
 */
final class StageStoppedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** What {@code gleaner} exits with when a stage stopped for good. */
    static final int EXIT_CODE = 3;

    StageStoppedException(StageStop stop) {
        super(stop.describe() + "; exiting so that a supervisor restarts the process", stop.error().orElse(null));
    }
}
