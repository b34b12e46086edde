package io.gleaner.qos.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Observations that read like the scenario. The standard node has 10 cores and 1,000,000,000 bytes of RAM, so with
 * the default 10 % margins the CPU margin is 1 core, sm is 100,000,000 bytes and smThreshold 50,000,000 bytes.
 */
public final class QosFixtures {

    static final Instant T0 = Instant.parse("2025-01-01T00:00:00Z");
    static final double CORES = 10;
    static final long RAM = 1_000_000_000L;
    static final long MB = 1_000_000L;

    private QosFixtures() {
    }

    /** An attempt scheduled {@code second} seconds after T0 holding {@code ramMb} MB and {@code cpus} cores. */
    static RunningAttempt attempt(String id, long second, double cpus, long ramMb) {
        return new RunningAttempt(id, T0.plusSeconds(second), cpus, ramMb * MB);
    }

    /** A builder for the standard node at T0, owners and tasks idle, tasks' CPU limit = capacity, no attempts. */
    static Builder node() {
        return new Builder();
    }

    static final class Builder {
        private String nodeId = "n1";
        private Instant time = T0;
        private double ownersCpu;
        private long ownersRam;
        private double tasksCpu;
        private long tasksRam;
        private double cpuLimit = CORES;
        private final List<RunningAttempt> attempts = new ArrayList<>();

        Builder id(String value) {
            nodeId = value;
            return this;
        }

        Builder at(Instant value) {
            time = value;
            return this;
        }

        Builder ownersCpu(double value) {
            ownersCpu = value;
            return this;
        }

        Builder ownersRamMb(long value) {
            ownersRam = value * MB;
            return this;
        }

        Builder tasksCpu(double value) {
            tasksCpu = value;
            return this;
        }

        Builder tasksRamMb(long value) {
            tasksRam = value * MB;
            return this;
        }

        Builder tasksRamBytes(long value) {
            tasksRam = value;
            return this;
        }

        Builder cpuLimit(double value) {
            cpuLimit = value;
            return this;
        }

        Builder attempts(RunningAttempt... values) {
            attempts.addAll(List.of(values));
            return this;
        }

        NodeObservation build() {
            return new NodeObservation(nodeId, time, new CpuRam(CORES, RAM), new CpuRam(ownersCpu, ownersRam),
                    new CpuRam(tasksCpu, tasksRam), attempts, cpuLimit);
        }
    }

    /**
     * {@code nodes} observations at {@code time} drawn from {@code random}: nodes of 8 to 64 cores and 16 to 256 GiB,
     * owners using 10–95 % of each, 0–12 attempts of 0.5–2 cores and 1–4 GiB each scheduled in the last hour, the
     * tasks' use the attempts' sum, the limit in force anywhere from 0 to capacity. A harsh mix: with owners up to
     * 95 %, many nodes are throttled, raised or lose attempts at every tick.
     */
    public static List<NodeObservation> randomCluster(Random random, int nodes, Instant time) {
        var observations = new ArrayList<NodeObservation>(nodes);
        for (int n = 0; n < nodes; n++) {
            double cores = 8 + random.nextInt(57);
            long ram = (16L + random.nextInt(241)) << 30;
            int count = random.nextInt(13);
            var attempts = new ArrayList<RunningAttempt>(count);
            double tasksCpu = 0;
            long tasksRam = 0;
            for (int a = 0; a < count; a++) {
                double cpus = 0.5 + 1.5 * random.nextDouble();
                long attemptRam = (1L << 30) + (long) (random.nextDouble() * (3L << 30));
                attempts.add(new RunningAttempt("d-" + n + "-" + a, time.minusMillis(random.nextInt(3_600_000)),
                        cpus, attemptRam));
                tasksCpu += cpus;
                tasksRam += attemptRam;
            }
            var owners = new CpuRam(cores * (0.1 + 0.85 * random.nextDouble()),
                    (long) (ram * (0.1 + 0.85 * random.nextDouble())));
            observations.add(new NodeObservation("node-" + n, time, new CpuRam(cores, ram), owners,
                    new CpuRam(tasksCpu, tasksRam), attempts, cores * random.nextDouble()));
        }
        return observations;
    }
}
