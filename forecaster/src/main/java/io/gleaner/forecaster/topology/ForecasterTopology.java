package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.ForecasterConfig;
import io.gleaner.forecaster.core.ForecastInForce;
import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.SeriesState;
import io.gleaner.runtime.DecodedSource;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.forecasts.SeriesKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The forecaster as a Kafka Streams topology (Salamander §II-C, Eq. 1): {@code nodes.utilization} is decoded
 * (event time from the sample's time), dead-lettering what cannot be decoded; the rest goes to the sample processor,
 * which keeps a rolling window per series (node and metric) in {@link ForecasterStores#SAMPLES}, refits on the
 * event-time schedule with the given {@link Forecaster} and publishes {@code forecasts} keyed by {@link SeriesKey}
 * ({@code nodeId/METRIC}), the spare capacity included, and stale markers. Every operator and store is named.
 */
public final class ForecasterTopology {

    /** The stage name recorded in dead letters. */
    public static final String STAGE = "forecaster";

    private ForecasterTopology() {
    }

    /** The rolling window of each series' samples ({@link ForecasterStores#SAMPLES}). */
    static StoreBuilder<WindowStore<String, Double>> samplesStore(ForecastSettings settings) {
        // Retention: the window plus one step, so that a sample the processor accepts (not older than stream time
        // minus the window) is never in an already expired segment, plus the max hold, so that a refit still finds
        // the sample it holds into the window's first steps.
        var retention = settings.window().plus(settings.step()).plus(settings.maxHold());
        return Stores.windowStoreBuilder(
                Stores.persistentWindowStore(ForecasterStores.SAMPLES, retention, Duration.ofMillis(1), false),
                Serdes.String(), Serdes.Double());
    }

    /** Each series' refit state ({@link ForecasterStores#SERIES}). */
    static StoreBuilder<KeyValueStore<String, SeriesState>> seriesStore() {
        // Cached: a series' state changes with every sample, and the cache turns those writes into one RocksDB
        // write and one changelog record per series and commit instead of one per sample.
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ForecasterStores.SERIES), Serdes.String(),
                SeriesSerdes.seriesState()).withCachingEnabled();
    }

    /**
     * Each series' forecast in force and its misses ({@link ForecasterStores#IN_FORCE}), when the stage reacts to
     * them.
     */
    static StoreBuilder<KeyValueStore<String, ForecastInForce>> inForceStore() {
        // Cached like the series' state: a miss and the refit it causes write it twice in a row.
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ForecasterStores.IN_FORCE), Serdes.String(),
                SeriesSerdes.forecastInForce()).withCachingEnabled();
    }

    /** The topology; it never creates {@code KafkaStreams} (see {@code ForecasterApp}). */
    public static Topology build(Topics topics, ForecasterSerdes serdes, ForecasterConfig config,
                                 Forecaster forecaster) {
        var settings = config.settings();
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(config.streamsProperties())));
        builder.addStateStore(samplesStore(settings));
        builder.addStateStore(seriesStore());
        var stores = new ArrayList<>(List.of(ForecasterStores.SAMPLES, ForecasterStores.SERIES));
        if (settings.reaction().isPresent()) {
            builder.addStateStore(inForceStore());
            stores.add(ForecasterStores.IN_FORCE);
        }
        var input = topics.nodesUtilization();
        var decoded = DecodedSource.stream(builder, input, serdes.utilizationSample(), UtilizationSample::getTime,
                        config.stage().eventTimeBound(), "samples", STAGE)
                .split(Named.as("samples-"))
                .branch((key, value) -> value.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("ok"));
        var undecodable = decoded.get("samples-dead")
                .mapValues(value -> ForecasterOutput.of(value.deadLetter()), Named.as("samples-undecodable"));
        var outputs = decoded.get("samples-ok")
                .process(() -> new SampleProcessor(forecaster, settings, input.name()), Named.as("apply-samples"),
                        stores.toArray(String[]::new))
                .merge(undecodable, Named.as("samples-outputs"))
                .split(Named.as("outputs-"))
                .branch((key, output) -> output.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("forecasts"));
        outputs.get("outputs-forecasts")
                .mapValues(ForecasterOutput::forecast, Named.as("forecast-values"))
                .to(topics.forecasts().name(),
                        Produced.with(Serdes.String(), serdes.capacityForecast()).withName("forecasts-sink"));
        outputs.get("outputs-dead")
                .mapValues(ForecasterOutput::deadLetter, Named.as("dead-letter-values"))
                .to(topics.deadLetters().name(),
                        Produced.with(Serdes.String(), serdes.deadLetter()).withName("dead-letters-sink"));
        return builder.build();
    }
}
