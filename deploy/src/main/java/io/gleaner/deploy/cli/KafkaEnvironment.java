package io.gleaner.deploy.cli;

import io.gleaner.deploy.broker.EmbeddedBroker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Kafka (and schema registry) a command runs against: the outside ones it was given, or embedded ones
 * it starts and stops.
 */
final class KafkaEnvironment implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaEnvironment.class);

    private final Optional<EmbeddedBroker> broker;
    private final String bootstrapServers;

    private KafkaEnvironment(Optional<EmbeddedBroker> broker, String bootstrapServers) {
        this.broker = broker;
        this.bootstrapServers = bootstrapServers;
    }

    /** Kafka only: the given bootstrap servers, or an embedded broker on the data directory. */
    static KafkaEnvironment kafkaOnly(KafkaOptions kafka, EmbeddedOptions embedded) {
        if (kafka.bootstrapServers().isPresent()) {
            return new KafkaEnvironment(Optional.empty(), kafka.bootstrapServers().get());
        }
        if (embedded.fresh) {
            deleteRecursively(embedded.dataDir);
        }
        var broker = EmbeddedBroker.start(embedded.dataDir, embedded.brokerPort, Map.of());
        return new KafkaEnvironment(Optional.of(broker), broker.bootstrapServers());
    }

    String bootstrapServers() {
        return bootstrapServers;
    }

    @Override
    public void close() {
        broker.ifPresent(EmbeddedBroker::close);
    }

    static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        log.info("deleting {} (--fresh)", dir);
        try (Stream<Path> paths = Files.walk(dir)) {
            for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir + ": " + e.getMessage(), e);
        }
    }
}
