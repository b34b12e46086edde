package io.gleaner.ingest.adapter;

import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.schemas.Topics;
import java.util.Objects;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.Stores;

/**
 * The telemetry adapter as a Kafka Streams topology: read the source topic as raw bytes, map each record with
 * the {@link Mapping}, validate each sample ({@link StoreSampleValidator}, last times in the persistent store
 * {@value #LAST_SAMPLE_TIMES}), and write the samples to {@code nodes.utilization} keyed by node id with the
 * sample's time as the record timestamp, and everything rejected to {@code deadletter}
 * ({@link MapAndValidateProcessor}).
 *
 * <p><b>Event time.</b> Each output record carries its sample's own time, whatever the source record's timestamp
 * (a producer's clock). Nothing in the topology depends on stream time: there are no windows and no
 * punctuations, so the source keeps the default timestamps (see {@link AdapterConfig#streamsProperties()}).
 *
 * <p><b>Partitioning.</b> The store is per task, so the validation of a node's series is right only if all of
 * that node's records arrive on one partition of the source topic, which is also the only way Kafka keeps them
 * in order: key the telemetry by host (Telegraf's Kafka output {@code routing_tag = "host"}; the collector's
 * Kafka exporter {@code partition_metrics_by_resource_attributes: true}), or use one partition. The adapter does
 * not repartition: a repartition cannot restore an order the source did not keep, and would double the traffic.
 *
 * <p>Every operator and the store are named (CONVENTIONS §2), so a refactor cannot rename the changelog.
 */
public final class AdapterTopology {

    /** The stage name recorded in dead letters. */
    public static final String STAGE = "ingest";

    /** The store of the last accepted time per (node, metric, source), changelogged. */
    public static final String LAST_SAMPLE_TIMES = "ingest-last-sample-times";

    private AdapterTopology() {
    }

    /**
     * The topology; it never creates {@code KafkaStreams} (see {@link AdapterApp}).
     *
     * @param sourceTopic the topic the telemetry arrives on
     * @param topics      the catalogue (output topics {@code nodes.utilization} and {@code deadletter})
     * @param mapping     how records become samples
     * @param serdes      the output serdes
     * @param config      the settings ({@link AdapterConfig#streamsProperties()} for the builder)
     * @throws IllegalStateException for a CSV mapping without {@code csv.columns} (Kafka records have no header
     *                               line)
     */
    public static Topology build(String sourceTopic, Topics topics, Mapping mapping, AdapterSerdes serdes,
                                 AdapterConfig config) {
        Objects.requireNonNull(sourceTopic, "sourceTopic");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(serdes, "serdes");
        var mapper = Objects.requireNonNull(mapping, "mapping").mapper();
        // The builder must see the settings for ensure.explicit.internal.resource.naming to take effect.
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(config.streamsProperties())));
        // Cached: a series updated several times within a commit interval costs one changelog record, not one per
        // sample, and its reads hit memory instead of RocksDB.
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(LAST_SAMPLE_TIMES),
                Serdes.String(), Serdes.Long()).withCachingEnabled());

        var outputs = builder.stream(sourceTopic, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray())
                        .withName("telemetry-source"))
                .process(() -> new MapAndValidateProcessor(mapper, sourceTopic, Set.of(),
                                config.stage().eventTimeBound()), Named.as("map-and-validate"),
                        LAST_SAMPLE_TIMES)
                .split(Named.as("adapter-"))
                .branch((key, output) -> output.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("samples"));
        outputs.get("adapter-samples")
                .mapValues(AdapterOutput::sample, Named.as("sample-values"))
                .to(topics.nodesUtilization().name(),
                        Produced.with(Serdes.String(), serdes.utilizationSample()).withName("utilization-sink"));
        outputs.get("adapter-dead")
                .mapValues(AdapterOutput::deadLetter, Named.as("dead-letter-values"))
                .to(topics.deadLetters().name(),
                        Produced.with(Serdes.String(), serdes.deadLetter()).withName("dead-letters-sink"));
        return builder.build();
    }
}
