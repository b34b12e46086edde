package io.gleaner.deploy.cli;

import io.gleaner.schemas.Topics;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.CommonClientConfigs;
import picocli.CommandLine.Option;

/** Where Kafka is and how its topics are named, shared by every command that talks to it. */
final class KafkaOptions {

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT[,...]",
            description = "Kafka to use. Without it (and without bootstrap.servers in --kafka-config), an embedded "
                    + "broker is started on --data-dir.")
    String bootstrapServers;

    @Option(names = "--kafka-config", paramLabel = "FILE",
            description = "Kafka client properties (security.protocol, sasl.*, ssl.*, ...) for every client this "
                    + "command makes: producers, consumers, admin and the stages' Kafka Streams, as the Kafka tools' "
                    + "--command-config. Gleaner's own options win over the file (--bootstrap-servers over its "
                    + "bootstrap.servers), and so do the settings its clients rest on (serializers, group ids, "
                    + "exactly-once).")
    Path kafkaConfig;

    @Option(names = "--topic-prefix", defaultValue = Topics.DEFAULT_PREFIX,
            description = "Prefix of every topic name (default: ${DEFAULT-VALUE}).")
    String topicPrefix;

    Topics topics() {
        return Topics.withPrefix(topicPrefix);
    }

    /** Kafka to use: {@code --bootstrap-servers}, else the {@code bootstrap.servers} of {@code --kafka-config}. */
    Optional<String> bootstrapServers() {
        return Optional.ofNullable(bootstrapServers).filter(s -> !s.isBlank())
                .or(() -> Optional.ofNullable(clientProperties().get(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG))
                        .filter(s -> !s.isBlank()));
    }

    /** The properties of {@code --kafka-config}, empty without it. */
    Map<String, String> clientProperties() {
        return kafkaConfig == null ? Map.of() : KafkaConfigFile.read(kafkaConfig);
    }
}
