package io.gleaner.deploy.cli;

import io.gleaner.schemas.Topics;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Where Kafka is and how its topics are named, shared by every command that talks to it. */
final class KafkaOptions {

    @Option(names = "--bootstrap-servers", paramLabel = "HOST:PORT[,...]",
            description = "Kafka to use. Without it, an embedded broker is started on --data-dir.")
    String bootstrapServers;

    @Option(names = "--topic-prefix", defaultValue = Topics.DEFAULT_PREFIX,
            description = "Prefix of every topic name (default: ${DEFAULT-VALUE}).")
    String topicPrefix;

    Topics topics() {
        return Topics.withPrefix(topicPrefix);
    }

    Optional<String> bootstrapServers() {
        return Optional.ofNullable(bootstrapServers).filter(s -> !s.isBlank());
    }
}
