package io.gleaner.schemas.streams;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * What every stage's configuration checks and sets the same way: names that end up in topic names, and the Kafka
 * Streams settings they all run with. Single settings are read with {@link io.gleaner.schemas.SettingValues}.
 */
public final class StageSettings {

    /** What Kafka allows in an application id or topic name. */
    private static final Pattern LEGAL_NAME = Pattern.compile("[a-zA-Z0-9._-]+");

    /**
     * How long a stage's exactly-once transaction may stay open: 5 minutes, not Kafka Streams' 10 s. One record can
     * take long to process (Salamander's search may run 30 s on a re-plan, COSHH's LPs tens of seconds on 1,000
     * nodes that do not merge), and a transaction that times out while it does is aborted, the task migrates and
     * processes the same records again, as long again. Within the brokers' default {@code
     * transaction.max.timeout.ms} (15 minutes); a restarted instance fences its old transaction at once.
     */
    public static final Duration TRANSACTION_TIMEOUT = Duration.ofMinutes(5);

    private StageSettings() {
    }

    /**
     * The Kafka Streams settings every stage runs with: exactly-once (v2), explicit names for every internal resource
     * (KIP-1111), a {@link #TRANSACTION_TIMEOUT} long enough for the slowest record, and these values; with a
     * non-empty {@code instanceId} the stream threads' consumers are static group members (Kafka Streams suffixes the
     * id with each thread's index). A stage adds what is its own.
     */
    public static Properties streamsProperties(String applicationId, String bootstrapServers, Path stateDir,
                                               long commitIntervalMs, int streamThreads, String instanceId) {
        var props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, Long.toString(commitIntervalMs));
        props.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        props.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, "true");
        props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, Integer.toString(streamThreads));
        props.put(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG),
                Long.toString(TRANSACTION_TIMEOUT.toMillis()));
        if (!instanceId.isEmpty()) {
            props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG), instanceId);
        }
        return props;
    }

    /** Whether {@code value} may be part of a Kafka topic name: letters, digits, '.', '_' or '-'. */
    public static boolean isName(String value) {
        return LEGAL_NAME.matcher(value).matches();
    }

    /**
     * Checks that {@code value}, the setting {@code key}, may be part of a topic name.
     *
     * @throws IllegalArgumentException e.g. {@code gleaner.planner.application-id must be letters, digits, '.', '_'
     *                                  or '-', was 'a b'}
     */
    public static void requireName(String key, String value) {
        if (!isName(value)) {
            throw new IllegalArgumentException(key + " must be letters, digits, '.', '_' or '-', was '" + value + "'");
        }
    }
}
