package io.gleaner.simulator.owners;

import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.OwnerForecastSettings;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.evaluate.OwnerSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The owners' load of an evaluation from a VM trace: for each seed, the VMs dealt to the nodes with that seed
 * ({@link OwnerTraces}), covering {@code horizon} from the settings' start, which is {@code into} the trace
 * (wrapping around it), with {@code history} before the start for the in-process forecasts to warm up on
 * ({@link OwnerLoad#history()}). Each seed's load is built once and kept, since every policy of an evaluation runs on
 * the same seeds.
 */
public final class TraceOwnerSource implements OwnerSource {

    private static final Logger log = LoggerFactory.getLogger(TraceOwnerSource.class);

    private final String location;
    private final ClusterSpec cluster;
    private final OwnerTraceSettings settings;
    private final Duration horizon;
    private final Duration history;
    private final Duration into;
    private final Map<Long, OwnerLoad> bySeed = new HashMap<>();

    /**
     * A source whose loads carry {@link OwnerForecastSettings#DEFAULT_WARM_UP} of history and start that far into the
     * trace, so that the history is the trace's own (as {@code gleaner evaluate}'s default {@code --owner-offset 1d}).
     *
     * @param location {@link OwnerTraces#BUNDLED} or a directory or file of Bitbrains VM traces
     * @param settings the rules; their seed is replaced by each run's
     * @param horizon  how long after the settings' start the load must cover
     */
    public TraceOwnerSource(String location, ClusterSpec cluster, OwnerTraceSettings settings, Duration horizon) {
        this(location, cluster, settings, horizon, OwnerForecastSettings.DEFAULT_WARM_UP,
                OwnerForecastSettings.DEFAULT_WARM_UP);
    }

    /**
     * @param location {@link OwnerTraces#BUNDLED} or a directory or file of Bitbrains VM traces
     * @param settings the rules; their seed is replaced by each run's
     * @param horizon  how long after the settings' start the load must cover
     * @param history  how long before the settings' start the load's history covers, >= 0 (0: none)
     * @param into     how far into the trace the start is ({@link OwnerTrace#ownerLoad(Duration, Duration, Duration)})
     */
    public TraceOwnerSource(String location, ClusterSpec cluster, OwnerTraceSettings settings, Duration horizon,
                            Duration history, Duration into) {
        this.location = Objects.requireNonNull(location, "location");
        this.cluster = Objects.requireNonNull(cluster, "cluster");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.horizon = Objects.requireNonNull(horizon, "horizon");
        this.history = Objects.requireNonNull(history, "history");
        if (history.isNegative()) {
            throw new IllegalArgumentException("history must be >= 0, was " + history);
        }
        this.into = Objects.requireNonNull(into, "into");
        if (into.isNegative()) {
            throw new IllegalArgumentException("into must be >= 0, was " + into);
        }
    }

    @Override
    public OwnerLoad forSeed(long seed) {
        return bySeed.computeIfAbsent(seed, s -> {
            try {
                var trace = OwnerTraces.open(location, cluster, settings.withSeed(s));
                var load = trace.ownerLoad(horizon, history, into);
                log.info("owners: seed {}: simulation time {} is {} into the trace, trace time {}; {} of history",
                        s, trace.start(), into, trace.traceStart().plus(into), history);
                return load;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the owners' trace " + location + ": " + e.getMessage(), e);
            }
        });
    }
}
