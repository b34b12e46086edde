package io.gleaner.qos.topology;

import io.gleaner.qos.QosConfig;
import io.gleaner.qos.core.QosController;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.runtime.DecodedSource;
import io.gleaner.runtime.EventTimeBound;
import java.time.Instant;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.Stores;

/**
 * The QoS controller as a Kafka Streams topology (Salamander §III-D, Algorithm 3; the Cuckoo baseline of §II-C):
 * heartbeats, utilization samples and placements build a per-node view ({@link NodeView}, store
 * {@link QosStores#NODES}), each record ticks its node on event time, and the actions go to {@code qos.actions}
 * (key node id, timestamp the tick's event time). Every operator, store and repartition topic is named.
 *
 * <p><b>Partitioning</b>, correct for any partition counts of the inputs (the catalogue has heartbeats on 1
 * partition, utilization and placements on 6): every input is keyed by node id (a record whose key is not its node
 * id is a dead letter), and the three checked streams are merged and written to one repartition topic,
 * {@link QosStores#NODE_EVENTS}, keyed by node id. So every record of a node, from whichever input and partition,
 * reaches the one task that holds the node's view; the repartition topic gets as many partitions as the largest
 * input. Within a node, records of different inputs may reach it out of event-time order; {@link NodeView} keeps
 * the newest of each kind by event time, and the core's period gate ignores ticks older than the last.
 *
 * <p><b>Event time.</b> A heartbeat's and a sample's time, a placement's epoch (the planner round that decided it).
 * Never the wall clock.
 *
 * <p><b>Dead letters</b> (source topic, partition and offset of the original record, reason naming the value):
 * undecodable records of any input and records {@link Inputs} finds invalid. Valid samples of other metrics or
 * sources are skipped.
 */
public final class QosTopology {

    /** The stage name recorded in dead letters. */
    public static final String STAGE = "qos";

    private QosTopology() {
    }

    /** The topology; it never creates {@code KafkaStreams} (see {@code QosApp}). */
    public static Topology build(Topics topics, QosSerdes serdes, QosConfig config) {
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(config.streamsProperties())));
        // Cached: a node's view changes with every record, and the cache turns those writes into one RocksDB write
        // and one changelog record per node and commit.
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(QosStores.NODES),
                Serdes.String(), NodeView.serde()).withCachingEnabled());

        var bound = config.stage().eventTimeBound();
        var heartbeats = checked(builder, topics.nodesHeartbeats(), serdes.nodeHeartbeat(), NodeHeartbeat::getTime,
                bound, "heartbeats", Inputs::heartbeat);
        var samples = checked(builder, topics.nodesUtilization(), serdes.utilizationSample(),
                UtilizationSample::getTime, bound, "samples", Inputs::sample);
        var placements = checked(builder, topics.placements(), serdes.placementDecision(),
                placement -> Instant.ofEpochMilli(placement.getEpoch()), bound, "placements", Inputs::placement);

        var all = heartbeats.merge(samples, Named.as("merge-samples"))
                .merge(placements, Named.as("merge-placements"))
                .split(Named.as("inputs-"))
                .branch((key, checked) -> checked.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("ok"));
        all.get("inputs-dead")
                .mapValues(Checked::deadLetter, Named.as("dead-letter-values"))
                .to(topics.deadLetters().name(),
                        Produced.with(Serdes.String(), serdes.deadLetter()).withName("dead-letters-sink"));

        var settings = config.settings();
        var mode = config.mode();
        all.get("inputs-ok")
                .mapValues(Checked::event, Named.as("event-values"))
                .repartition(Repartitioned.<String, NodeEvent>as(QosStores.NODE_EVENTS)
                        .withKeySerde(Serdes.String()).withValueSerde(NodeEvent.serde()))
                .process(() -> new NodeProcessor(QosController.of(mode, settings)), Named.as("tick-nodes"),
                        QosStores.NODES)
                .to(topics.qosActions().name(),
                        Produced.with(Serdes.String(), serdes.qosAction()).withName("actions-sink"));
        return builder.build();
    }

    /** The input {@code topic} decoded (event time from {@code eventTime}) and checked by {@code check}. */
    private static <V> KStream<String, Checked> checked(StreamsBuilder builder, Topic<String, V> topic,
                                                        Serde<V> serde, Function<V, Instant> eventTime,
                                                        EventTimeBound bound, String name,
                                                        BiFunction<String, V, NodeEvent> check) {
        return DecodedSource.stream(builder, topic, serde, eventTime, bound, name, STAGE)
                .processValues(new CheckInput<>(topic.name(), check), Named.as("check-" + name));
    }
}
