package io.gleaner.classifier.topology;

import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/** The value serdes of the classifier's topics. Keys are strings everywhere. */
public record ClassifierSerdes(Serde<JobSubmitted> jobSubmitted, Serde<NodeHeartbeat> nodeHeartbeat,
                               Serde<TaskReport> taskReport, Serde<JobProfile> jobProfile,
                               Serde<DeadLetter> deadLetter) {

    public ClassifierSerdes {
        Objects.requireNonNull(jobSubmitted, "jobSubmitted");
        Objects.requireNonNull(nodeHeartbeat, "nodeHeartbeat");
        Objects.requireNonNull(taskReport, "taskReport");
        Objects.requireNonNull(jobProfile, "jobProfile");
        Objects.requireNonNull(deadLetter, "deadLetter");
    }

    /** Confluent wire-format Avro serdes that all talk to {@code registry}. */
    public static ClassifierSerdes with(SchemaRegistryClient registry) {
        return new ClassifierSerdes(AvroSerde.of(JobSubmitted.class, registry),
                AvroSerde.of(NodeHeartbeat.class, registry), AvroSerde.of(TaskReport.class, registry),
                AvroSerde.of(JobProfile.class, registry), AvroSerde.of(DeadLetter.class, registry));
    }
}
