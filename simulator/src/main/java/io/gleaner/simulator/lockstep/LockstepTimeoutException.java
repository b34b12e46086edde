package io.gleaner.simulator.lockstep;

/** The planner did not answer a lockstep round in time; the message names the group, topics and offsets. */
public final class LockstepTimeoutException extends RuntimeException {

    public LockstepTimeoutException(String message) {
        super(message);
    }
}
