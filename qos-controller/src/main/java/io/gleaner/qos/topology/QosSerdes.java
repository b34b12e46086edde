package io.gleaner.qos.topology;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/** The value serdes of the QoS controller's topics. Keys are strings everywhere. */
public record QosSerdes(Serde<NodeHeartbeat> nodeHeartbeat, Serde<UtilizationSample> utilizationSample,
                        Serde<PlacementDecision> placementDecision, Serde<QosAction> qosAction,
                        Serde<DeadLetter> deadLetter) {

    public QosSerdes {
        Objects.requireNonNull(nodeHeartbeat, "nodeHeartbeat");
        Objects.requireNonNull(utilizationSample, "utilizationSample");
        Objects.requireNonNull(placementDecision, "placementDecision");
        Objects.requireNonNull(qosAction, "qosAction");
        Objects.requireNonNull(deadLetter, "deadLetter");
    }

    /** Confluent wire-format Avro serdes that all talk to {@code registry}. */
    public static QosSerdes with(SchemaRegistryClient registry) {
        return new QosSerdes(AvroSerde.of(NodeHeartbeat.class, registry),
                AvroSerde.of(UtilizationSample.class, registry), AvroSerde.of(PlacementDecision.class, registry),
                AvroSerde.of(QosAction.class, registry), AvroSerde.of(DeadLetter.class, registry));
    }
}
