package io.gleaner.deploy.cli;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.workload.DeadlineAssignment;
import java.io.UncheckedIOException;
import java.util.Optional;
import org.apache.avro.specific.SpecificRecord;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code gleaner replay}'s goals: {@code --deadline-factor} over the stand-alone times on {@code --cluster}, given
 * to each job before it is sent ({@link DeadlineAssignment}, as {@code gleaner evaluate} gives them;
 * docs/simulator.md#deadlines).
 */
final class ReplayDeadlines {

    @Mixin
    DeadlineFactorOption deadlineFactor;

    @Option(names = "--cluster", paramLabel = "PRESET|FILE",
            description = "The cluster whose stand-alone times --deadline-factor scales: a preset name or a YAML "
                    + "file, as gleaner evaluate's --cluster. Required with --deadline-factor, and only taken with "
                    + "it (default: none).")
    String cluster;

    /**
     * The goals the options ask for.
     *
     * @param rule draws each job's deadline
     * @param identity what the replay's id must include: the range, the seed and the whole cluster (a file's
     *     nodes, not only its name), so that another set of goals is another replay
     * @param description the goals in a line of the replay's summary
     */
    record Goals(DeadlineAssignment rule, String identity, String description) {

        /** The row with its job's deadline, if it carries a job the planner would take; any other row as it is. */
        TraceRow<SpecificRecord> apply(TraceRow<SpecificRecord> row) {
            // A job that does not map is sent as it is: the planner dead-letters it with the reason it would
            // give without goals.
            if (row instanceof TraceRow.Parsed<SpecificRecord> parsed && parsed.value() instanceof JobSubmitted event
                    && EventMapping.job(event) instanceof Checked.Valid<Job> job) {
                var deadline = rule.assign(job.value()).deadline().orElseThrow();
                return new TraceRow.Parsed<>(parsed.line(), parsed.eventTime(), parsed.key(),
                        JobSubmitted.newBuilder(event).setDeadline(deadline).build());
            }
            return row;
        }
    }

    /**
     * The goals with {@code seed}, if {@code --deadline-factor} is given; a usage error for a bad range, a factor
     * without a cluster, a cluster without a factor, or a cluster that does not resolve.
     */
    Optional<Goals> goals(CommandSpec spec, long seed) {
        var bounds = deadlineFactor.bounds(spec);
        if (bounds.isEmpty()) {
            if (cluster != null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--cluster is for --deadline-factor");
            }
            return Optional.empty();
        }
        if (cluster == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--deadline-factor needs --cluster "
                    + "PRESET|FILE, the cluster whose stand-alone times it scales");
        }
        ClusterSpec resolved;
        try {
            resolved = ClusterPresets.resolve(cluster);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--cluster: " + e.getMessage());
        }
        var rule = deadlineFactor.assignment(spec, seed, resolved).orElseThrow();
        var range = bounds.get()[0] + ".." + bounds.get()[1];
        return Optional.of(new Goals(rule, String.join("\n", "deadline-factor " + range, "seed " + seed,
                resolved.toString()), "submission + " + range + " x stand-alone time on " + resolved.name()
                + " (seed " + seed + ")"));
    }
}
