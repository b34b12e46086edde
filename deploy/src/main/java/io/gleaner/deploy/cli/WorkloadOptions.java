package io.gleaner.deploy.cli;

import io.gleaner.ingest.replay.TraceTime;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.Pool;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.OwnerForecastSettings;
import io.gleaner.simulator.evaluate.OwnerSource;
import io.gleaner.simulator.owners.OwnerTraceSettings;
import io.gleaner.simulator.owners.OwnerTraces;
import io.gleaner.simulator.owners.TraceOwnerSource;
import io.gleaner.simulator.workload.UserAssignment;
import io.gleaner.simulator.workload.Workloads;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Who the simulated cluster belongs to and who submits the jobs: the owners' load and the workload's users. */
final class WorkloadOptions {

    /** The bundled owners' trace for {@code --owners}. */
    static final String BUNDLED = "bundled";

    /** No owners for {@code --owners}, no workload file for {@code --users}. */
    static final String NONE = "none";

    /**
     * How long after the first submission the owners' load is laid out: the trace's submissions and 30 days for the
     * backlog to drain. A run still going after that sees the owners' last value.
     */
    static final Duration OWNERS_AFTER_LAST_SUBMISSION = Duration.ofDays(30);

    @Option(names = "--owners", defaultValue = BUNDLED, paramLabel = "bundled|none|PATH",
            description = "The owners' (regular) load of the nodes: " + BUNDLED + ", the bundled week of 99 "
                    + "Bitbrains VMs; a directory or file of Bitbrains VM traces (e.g. ../shared/data/bitbrains-rnd/"
                    + "2013-8); or " + NONE + " for a cluster whose whole capacity is spare. VMs are dealt to nodes "
                    + "with the run's seed (default: ${DEFAULT-VALUE}).")
    String owners;

    @Option(names = "--owner-scale", defaultValue = "1.0", paramLabel = "X",
            description = "Multiply the owners' CPU and memory use by X: above 1 makes them heavier "
                    + "(default: ${DEFAULT-VALUE}).")
    double ownerScale;

    @Option(names = "--owner-offset", defaultValue = "1d", paramLabel = "DURATION",
            description = "Start the run this far into the owners' trace (1d, 36h, PT24H, 0; less than the trace's "
                    + "length). The in-process forecasts warm up on the day before the start: from 1d on, that is the "
                    + "trace's own day before it; below 1d, part of it is the trace's end, wrapped around "
                    + "(default: ${DEFAULT-VALUE}).")
    String ownerOffset;

    @Option(names = "--users", defaultValue = Workloads.COSHH_FACEBOOK, paramLabel = "PRESET|FILE|none",
            description = "Who submits the jobs: a workload file of users with min shares, weights and the job "
                    + "category each submits (default: ${DEFAULT-VALUE}, the Facebook users of COSHH Tables 4 and 5; "
                    + "each job goes to the user of the nearest category); or " + NONE + " to keep the trace's "
                    + "users without min shares. The Fair policy's pools and COSHH's dissatisfaction and fairness "
                    + "come from it.")
    String users;

    /** The users' pools, and how a job gets its user: none and unchanged with {@code --users none}. */
    record Users(List<Pool> pools, UnaryOperator<Job> assignment, String description) {
    }

    Users users(CommandSpec spec) {
        if (NONE.equalsIgnoreCase(users)) {
            return new Users(List.of(), job -> job, "as in the trace");
        }
        try {
            var file = Workloads.resolve(users);
            return new Users(file.pools(), UserAssignment.of(file)::assign, users + " (" + file.pools().size()
                    + " users)");
        } catch (IllegalArgumentException | UncheckedIOException e) {
            throw usage(spec, "--users: " + e.getMessage());
        }
    }

    /**
     * The owners' load of each seed over the trace's submissions and {@link #OWNERS_AFTER_LAST_SUBMISSION}, starting
     * at the first submission.
     */
    OwnerSource owners(CommandSpec spec, ClusterSpec cluster, List<Job> trace, long seed) {
        var into = check(spec);
        if (NONE.equalsIgnoreCase(owners)) {
            return OwnerSource.NONE;
        }
        var location = BUNDLED.equalsIgnoreCase(owners) ? OwnerTraces.BUNDLED : owners;
        var first = trace.stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
        var last = trace.stream().map(Job::submitTime).max(Instant::compareTo).orElseThrow();
        var horizon = Duration.between(first, last).plus(OWNERS_AFTER_LAST_SUBMISSION);
        return new TraceOwnerSource(location, cluster, OwnerTraceSettings.of(seed, first).withLoadScale(ownerScale),
                horizon, OwnerForecastSettings.DEFAULT_WARM_UP, into);
    }

    /**
     * Refuses a bad {@code --owner-scale}, {@code --owner-offset} or {@code --owners} path, so that a command can do so
     * before it starts anything; whether the offset is within the trace is known only once the trace is read.
     *
     * @return {@code --owner-offset} as a duration
     */
    Duration check(CommandSpec spec) {
        if (!(ownerScale >= 0) || Double.isInfinite(ownerScale)) {
            throw usage(spec, "--owner-scale must be a finite number >= 0, was " + ownerScale);
        }
        var into = offset(spec);
        if (!NONE.equalsIgnoreCase(owners) && !BUNDLED.equalsIgnoreCase(owners) && !Files.exists(Path.of(owners))) {
            throw usage(spec, "--owners '" + owners + "' is neither " + BUNDLED + ", " + NONE
                    + " nor a file or directory");
        }
        return into;
    }

    /** {@code --owner-offset} as a duration: a duration after the trace's start, not an instant. */
    private Duration offset(CommandSpec spec) {
        TraceTime offset;
        try {
            offset = TraceTime.parse(ownerOffset);
        } catch (IllegalArgumentException e) {
            throw usage(spec, "--owner-offset: " + e.getMessage());
        }
        if (!(offset instanceof TraceTime.AfterStart after)) {
            throw usage(spec, "--owner-offset must be a duration into the owners' trace (1d, 36h, PT24H), was '"
                    + ownerOffset + "'");
        }
        return after.duration();
    }

    /** One line saying whose load and which users a run has. */
    String describe(Users resolved) {
        var from = ", from " + ownerOffset.trim() + " into the trace";
        var load = NONE.equalsIgnoreCase(owners) ? "none, the whole cluster is spare"
                : owners + (BUNDLED.equalsIgnoreCase(owners) ? " (Bitbrains Rnd, 99 VMs, 7 days)" : "")
                        + ", load x" + ownerScale + from;
        return "owners: " + load + "; users: " + resolved.description();
    }

    private static CommandLine.ParameterException usage(CommandSpec spec, String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
