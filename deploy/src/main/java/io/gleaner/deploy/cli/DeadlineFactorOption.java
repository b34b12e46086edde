package io.gleaner.deploy.cli;

import io.gleaner.planner.core.Job;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.workload.DeadlineAssignment;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --deadline-factor}: a deadline for every job, from its stand-alone time ({@link DeadlineAssignment}). */
final class DeadlineFactorOption {

    @Option(names = "--deadline-factor", paramLabel = "LOW..HIGH",
            description = "Give every job the deadline submission + f x its estimated stand-alone time on the "
                    + "cluster (the 2015 thesis's wave model), f drawn per job from [LOW, HIGH] by the seed and the "
                    + "job id; a single F means F..F. Replaces any deadline the trace's jobs carry "
                    + "(default: none; jobs keep the deadlines they have, if any).")
    String range;

    /** The [low, high] asked for, if the option is given; a usage error for a malformed or empty range. */
    Optional<double[]> bounds(CommandSpec spec) {
        if (range == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(range));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--deadline-factor: " + e.getMessage());
        }
    }

    /** {@code jobs} with deadlines drawn with {@code seed} on {@code cluster}; the same jobs without the option. */
    List<Job> apply(CommandSpec spec, List<Job> jobs, long seed, ClusterSpec cluster) {
        return assignment(spec, seed, cluster).map(rule -> rule.assignAll(jobs)).orElse(jobs);
    }

    /** The rule that draws the deadlines with {@code seed} on {@code cluster}, if the option is given. */
    Optional<DeadlineAssignment> assignment(CommandSpec spec, long seed, ClusterSpec cluster) {
        return bounds(spec).map(b -> new DeadlineAssignment(b[0], b[1], seed, cluster,
                SimulationSettings.DEFAULT_HEARTBEAT_PERIOD));
    }

    /** {low, high} of "LOW..HIGH" or "F"; both &gt; 0 and finite, low &lt;= high. */
    static double[] parse(String text) {
        var parts = text.strip().split("\\.\\.", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException("expected LOW..HIGH or F, was '" + text + "'");
        }
        double low = number(parts[0], text);
        double high = parts.length == 2 ? number(parts[1], text) : low;
        if (!(low > 0) || !(high > 0) || Double.isInfinite(low) || Double.isInfinite(high)) {
            throw new IllegalArgumentException("factors must be > 0 and finite, were '" + text + "'");
        }
        if (low > high) {
            throw new IllegalArgumentException("LOW must be <= HIGH, were '" + text + "'");
        }
        return new double[] {low, high};
    }

    private static double number(String part, String text) {
        try {
            return Double.parseDouble(part.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("expected LOW..HIGH or F with numbers, was '" + text + "'");
        }
    }
}
