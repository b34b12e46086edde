package io.gleaner.deploy.cli;

import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeFailures;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --node-failures} and {@code --node-failure-rate}, the simulated nodes that fail ({@link NodeFailures}), for
 * every command that simulates a cluster ({@code gleaner evaluate}, {@code gleaner demo}): declared, described and
 * checked here. Without either, no node fails.
 */
final class NodeFailureOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec mixee;

    @Option(names = "--node-failures", paramLabel = "NODE@TIME[,...]",
            description = "Simulated nodes that fail for good, comma-separated, each at a time: an instant "
                    + "(n1@2009-05-01T02:00:00Z) or a duration after the first job's arrival (n1@30m, n2@1h30m, "
                    + "n3@PT2H). A failed node sends no more heartbeats or reports and its attempts are gone; the "
                    + "planner loses it after its node timeout (" + NodeLiveness.DEFAULT_NODE_TIMEOUT_MS + " ms) and "
                    + "relaunches them (default: none).")
    String schedule;

    @Option(names = "--node-failure-rate", paramLabel = "PER_HOUR", defaultValue = "0",
            description = "Each node fails for good after a random time, exponentially distributed with this rate per "
                    + "node and hour from the first job's arrival, drawn from the run's seed, so the same seed fails "
                    + "the same nodes at the same times; with --node-failures, a node named there fails at the "
                    + "earlier of its two times (default: ${DEFAULT-VALUE}, none).")
    double ratePerHour;

    /**
     * The failures given, checked against {@code cluster}.
     *
     * @throws ParameterException naming the option, for a schedule that is not NODE@TIME pairs or names a node the
     *                            cluster does not have, or a rate that is negative or not finite
     */
    NodeFailures failures(ClusterSpec cluster) {
        if (!(ratePerHour >= 0) || Double.isInfinite(ratePerHour)) {
            throw new ParameterException(mixee.commandLine(), "--node-failure-rate must be a finite number >= 0, was "
                    + ratePerHour);
        }
        NodeFailures failures;
        try {
            failures = new NodeFailures(schedule == null ? List.of() : NodeFailures.parseSchedule(schedule),
                    ratePerHour);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--node-failures: " + e.getMessage());
        }
        try {
            // Only the node ids are checked here: every run resolves the times from its own first job and seed.
            failures.of(cluster, Instant.EPOCH, 0);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(mixee.commandLine(), "--node-failures: " + e.getMessage());
        }
        return failures;
    }
}
