package io.gleaner.agent.core;

import io.gleaner.qos.core.CpuRam;
import java.util.Map;
import java.util.Objects;

/**
 * One measurement of the slice: what the owners use of it and what each held attempt's process tree uses.
 *
 * @param owners   the owners' use inside the slice ({@link Slice#ownersIn})
 * @param attempts decision id to the cores and RAM its processes use now
 */
public record Usage(CpuRam owners, Map<String, CpuRam> attempts) {

    public Usage {
        Objects.requireNonNull(owners, "owners");
        attempts = Map.copyOf(attempts);
    }

    /** Nothing used by anyone. */
    public static final Usage NONE = new Usage(CpuRam.NONE, Map.of());

    /** What the attempts use together. */
    public CpuRam tasks() {
        double cpus = 0;
        long ram = 0;
        for (var use : attempts.values()) {
            cpus += use.cpus();
            ram += use.ramBytes();
        }
        return new CpuRam(cpus, ram);
    }
}
