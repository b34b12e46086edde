package io.gleaner.agent.core;

import io.gleaner.qos.core.CpuRam;
import java.time.Instant;
import java.util.List;

/**
 * One heartbeat's content (docs/executor-protocol.md §5): the slice, what Gleaner may place now, the free slots and
 * every attempt held, launched or not.
 */
public record Offer(Instant time, CpuRam capacity, CpuRam free, int slots, int freeSlots,
                    List<String> runningAttempts) {

    public Offer {
        runningAttempts = List.copyOf(runningAttempts);
    }
}
