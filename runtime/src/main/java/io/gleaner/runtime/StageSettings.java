package io.gleaner.runtime;

import io.gleaner.schemas.Topics;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.types.Password;
import org.apache.kafka.streams.StreamsConfig;

/**
 * How a stage runs on Kafka, the same for every stage: its Kafka Streams application, where its state lives, the
 * cluster, the topic prefix and the schema registry. Each stage's configuration holds one and adds what is its own.
 * The keys are the stage's ({@code gleaner.<name>.application-id}, {@code .instance-id}, {@code .commit-interval-ms},
 * {@code .stream-threads}, {@code .state-dir}) and three that every stage shares ({@value #BOOTSTRAP_SERVERS},
 * {@value #TOPIC_PREFIX}, {@value #MAX_EVENT_TIME_AHEAD}), plus {@link RegistryConfig}'s; every error names the key.
 *
 * @param name             the stage's name in its keys, e.g. {@code forecaster}
 * @param applicationId    Kafka Streams {@code application.id}: the consumer group, the transactional id prefix and
 *                         the prefix of the changelog and repartition topics ({@code gleaner.<name>.application-id})
 * @param instanceId       the static group member id of this instance ({@code group.instance.id}), or empty for a
 *                         dynamic member ({@code gleaner.<name>.instance-id}, empty by default). With one, a
 *                         restarted instance takes its tasks back at once; without, a restart within the session
 *                         timeout waits for the old member to expire. Each instance of one application id
 *                         needs its own: a second instance with the same id fences the first
 * @param commitIntervalMs how often Kafka Streams commits its exactly-once transaction, in ms, > 0; an output
 *                         becomes visible to read-committed consumers at the latest one commit after it is made
 *                         ({@code gleaner.<name>.commit-interval-ms})
 * @param streamThreads    stream threads of this instance, >= 1 ({@code gleaner.<name>.stream-threads})
 * @param stateDir         where the RocksDB stores live; keep it across restarts to avoid restoring them from their
 *                         changelogs ({@code gleaner.<name>.state-dir})
 * @param bootstrapServers the Kafka cluster ({@value #BOOTSTRAP_SERVERS})
 * @param topicPrefix      prefix of every catalogue topic's name ({@value #TOPIC_PREFIX})
 * @param registry         the schema registry
 * @param maxEventTimeAhead how far after the wall clock an input's event time may be; a later one is a dead letter
 *                         ({@link EventTimeBound}; {@value #MAX_EVENT_TIME_AHEAD}, an ISO-8601 duration, default
 *                         15 minutes)
 * @param availability     standby replicas and the session timeout: how fast a dead instance's tasks move
 *                         (docs/operations.md#high-availability)
 * @param clientProperties Kafka client properties for every client of the stage (Kafka Streams' producers,
 *                         consumers and admin): security and connection settings ({@code security.protocol},
 *                         {@code sasl.*}, {@code ssl.*}, ...) from {@code --kafka-config}, or the security keys of
 *                         the properties the settings are read from ({@link #from}). The settings above win over
 *                         them, since exactly-once and the explicit names are what the stage's correctness rests on;
 *                         empty by default
 */
public record StageSettings(String name, String applicationId, String instanceId, long commitIntervalMs,
                            int streamThreads, Path stateDir, String bootstrapServers, String topicPrefix,
                            RegistryConfig registry, Duration maxEventTimeAhead, Availability availability,
                            Map<String, String> clientProperties) {

    /** Key, after {@code gleaner.<name>.}, of {@link #applicationId()}. */
    public static final String APPLICATION_ID = "application-id";
    /** Key, after {@code gleaner.<name>.}, of {@link #instanceId()}. */
    public static final String INSTANCE_ID = "instance-id";
    /** Key, after {@code gleaner.<name>.}, of {@link #commitIntervalMs()}. */
    public static final String COMMIT_INTERVAL_MS = "commit-interval-ms";
    /** Key, after {@code gleaner.<name>.}, of {@link #streamThreads()}. */
    public static final String STREAM_THREADS = "stream-threads";
    /** Key, after {@code gleaner.<name>.}, of {@link #stateDir()}. */
    public static final String STATE_DIR = "state-dir";
    /** Key, after {@code gleaner.<name>.}, of {@link Availability#standbyReplicas()}. */
    public static final String STANDBY_REPLICAS = "standby-replicas";
    /** Key, after {@code gleaner.<name>.}, of {@link Availability#sessionTimeoutMs()}. */
    public static final String SESSION_TIMEOUT_MS = "session-timeout-ms";
    /** Key of {@link #bootstrapServers()}, the same for every stage. */
    public static final String BOOTSTRAP_SERVERS = "gleaner.bootstrap-servers";
    /** Key of {@link #topicPrefix()}, the same for every stage. */
    public static final String TOPIC_PREFIX = "gleaner.topic-prefix";
    /** Key of {@link #maxEventTimeAhead()}, the same for every stage. */
    public static final String MAX_EVENT_TIME_AHEAD = "gleaner.max-event-time-ahead";

    /**
     * The doc of {@link #MAX_EVENT_TIME_AHEAD}, a constant so that the option of the commands that do not run a stage
     * (replay, ingest) shows it too.
     */
    public static final String MAX_EVENT_TIME_AHEAD_DOC = "How far after the wall clock an input's event time may be "
            + "(ISO-8601); a later input is a dead letter, since the broker refuses what the stage would write with "
            + "it. Keep it well below the broker's log.message.timestamp.after.max.ms (one hour by default).";

    /** Default {@link #commitIntervalMs()}: Kafka Streams' own default under exactly-once. */
    public static final long DEFAULT_COMMIT_INTERVAL_MS = 100;
    /** Default {@link #streamThreads()}. */
    public static final int DEFAULT_STREAM_THREADS = 1;
    /** Default {@link #bootstrapServers()}. */
    public static final String DEFAULT_BOOTSTRAP_SERVERS = "localhost:9092";

    /**
     * How long a stage's exactly-once transaction may stay open: 5 minutes, not Kafka Streams' 10 s. One record can
     * take long to process (Salamander's search may run 30 s on a re-plan, COSHH's LPs tens of seconds on 1,000
     * nodes that do not merge), and a transaction that times out while it does is aborted, the task migrates and
     * processes the same records again, as long again. Within the brokers' default {@code
     * transaction.max.timeout.ms} (15 minutes); a restarted instance fences its old transaction at once.
     */
    public static final Duration TRANSACTION_TIMEOUT = Duration.ofMinutes(5);

    /** What Kafka allows in an application id or topic name. */
    private static final Pattern LEGAL_NAME = Pattern.compile("[a-zA-Z0-9._-]+");

    public StageSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(stateDir, "stateDir");
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topicPrefix, "topicPrefix");
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(maxEventTimeAhead, "maxEventTimeAhead");
        Objects.requireNonNull(availability, "availability");
        clientProperties = Map.copyOf(clientProperties);
        requireName("a stage's name", name);
        requireName(key(name, APPLICATION_ID), applicationId);
        if (!instanceId.isEmpty()) {
            requireName(key(name, INSTANCE_ID), instanceId);
        }
        if (commitIntervalMs <= 0) {
            throw new IllegalArgumentException(key(name, COMMIT_INTERVAL_MS) + " must be > 0, was " + commitIntervalMs);
        }
        if (streamThreads < 1) {
            throw new IllegalArgumentException(key(name, STREAM_THREADS) + " must be >= 1, was " + streamThreads);
        }
        if (bootstrapServers.isBlank()) {
            throw new IllegalArgumentException(BOOTSTRAP_SERVERS + " must not be blank");
        }
        if (!topicPrefix.isEmpty()) {
            requireName(TOPIC_PREFIX, topicPrefix);
        }
        if (maxEventTimeAhead.isNegative()) {
            throw new IllegalArgumentException(MAX_EVENT_TIME_AHEAD + " must not be negative, was " + maxEventTimeAhead);
        }
    }

    /**
     * The settings of stage {@code name} with {@code applicationId} and every other setting at its default: a
     * dynamic member, {@value #DEFAULT_COMMIT_INTERVAL_MS} ms commits, one stream thread, state in
     * {@code gleaner-state/<name>} (relative to the working directory), Kafka at {@value #DEFAULT_BOOTSTRAP_SERVERS},
     * the catalogue's default prefix, the registry at {@link RegistryConfig#DEFAULT_URL} and event times up to
     * {@link EventTimeBound#DEFAULT_MAX_AHEAD} after the wall clock.
     */
    public static StageSettings defaults(String name, String applicationId) {
        return new StageSettings(name, applicationId, "", DEFAULT_COMMIT_INTERVAL_MS, DEFAULT_STREAM_THREADS,
                Path.of("gleaner-state", name), DEFAULT_BOOTSTRAP_SERVERS, Topics.DEFAULT_PREFIX,
                RegistryConfig.of(RegistryConfig.DEFAULT_URL), EventTimeBound.DEFAULT_MAX_AHEAD,
                Availability.DEFAULTS, Map.of());
    }

    /**
     * The declaration of stage {@code name}'s settings with the ones every stage has (the keys above); the stage
     * declares its own on it ({@link StageConfigDef#define}).
     */
    public static StageConfigDef configDef(String name, String defaultApplicationId) {
        var defaults = defaults(name, defaultApplicationId);
        var def = new StageConfigDef(name)
                .define(APPLICATION_ID, Type.STRING, defaults.applicationId, null,
                        "Kafka Streams application id: the consumer group, the transactional id prefix and the prefix "
                                + "of the stage's changelog and repartition topics.")
                .define(INSTANCE_ID, Type.STRING, defaults.instanceId, null,
                        "The static group member id of this instance (group.instance.id), empty for a dynamic member. "
                                + "With one, a restarted instance takes its tasks back at once; without, a restart "
                                + "within the session timeout waits for the old member to expire. Each instance "
                                + "of one application id needs its own.")
                .define(COMMIT_INTERVAL_MS, Type.LONG, defaults.commitIntervalMs, ConfigDef.Range.atLeast(1),
                        "How often the stage commits its exactly-once transaction, in ms; an output becomes visible "
                                + "to read-committed consumers at the latest one commit after it is made.")
                .define(STREAM_THREADS, Type.INT, defaults.streamThreads, ConfigDef.Range.atLeast(1),
                        "Stream threads of this instance.")
                .define(STATE_DIR, Type.STRING, defaults.stateDir.toString(), null,
                        "Where the RocksDB stores live (gleaner run: <data-dir>/" + name + "-state); keep it across "
                                + "restarts to avoid restoring them from their changelogs.")
                .define(STANDBY_REPLICAS, Type.INT, defaults.availability.standbyReplicas(),
                        ConfigDef.Range.atLeast(0),
                        "Standby replicas of each stateful task (num.standby.replicas): copies of its stores kept "
                                + "up to date on other instances of the application id, so that a task whose instance "
                                + "dies moves to one without restoring its stores from the changelog. Only takes "
                                + "effect with more than one instance.")
                .define(SESSION_TIMEOUT_MS, Type.INT, defaults.availability.sessionTimeoutMs(),
                        ConfigDef.Range.atLeast(1),
                        "How long the group waits for a silent instance before moving its tasks "
                                + "(the consumers' session.timeout.ms): the bound on failover after a crash, for a "
                                + "static member also after a restart that takes longer. At least the brokers' "
                                + "group.min.session.timeout.ms (6000 by default).");
        def.defineKey(BOOTSTRAP_SERVERS, Type.STRING, defaults.bootstrapServers, new ConfigDef.NonEmptyString(),
                "The Kafka cluster.");
        def.defineKey(TOPIC_PREFIX, Type.STRING, defaults.topicPrefix, null, "Prefix of every catalogue topic's name.");
        def.defineKey(MAX_EVENT_TIME_AHEAD, Type.STRING, StageConfigDef.text(defaults.maxEventTimeAhead),
                SettingValidators.duration(), MAX_EVENT_TIME_AHEAD_DOC);
        return def;
    }

    /**
     * Reads the settings of stage {@code name} from properties (the keys above, declared by {@link #configDef}); a
     * missing key takes its default ({@link #defaults}). Kafka's security keys ({@code security.protocol},
     * {@code sasl.*}, {@code ssl.*}) become the {@link #clientProperties()}, so that a stage built from the
     * properties a Kafka shop already has reaches a secured cluster; other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static StageSettings from(Map<String, ?> properties, String name, String defaultApplicationId) {
        var values = configDef(name, defaultApplicationId).parse(properties);
        return new StageSettings(name,
                values.getString(key(name, APPLICATION_ID)),
                values.getString(key(name, INSTANCE_ID)),
                values.getLong(key(name, COMMIT_INTERVAL_MS)),
                values.getInt(key(name, STREAM_THREADS)),
                Path.of(values.getString(key(name, STATE_DIR))),
                values.getString(BOOTSTRAP_SERVERS),
                values.getString(TOPIC_PREFIX),
                RegistryConfig.fromOrDefault(properties),
                Duration.parse(values.getString(MAX_EVENT_TIME_AHEAD)),
                new Availability(values.getInt(key(name, STANDBY_REPLICAS)),
                        values.getInt(key(name, SESSION_TIMEOUT_MS))),
                securityProperties(properties));
    }

    private static Map<String, String> securityProperties(Map<String, ?> properties) {
        var security = new HashMap<String, String>();
        properties.forEach((key, value) -> {
            if (value != null && (key.equals(CommonClientConfigs.SECURITY_PROTOCOL_CONFIG) || key.startsWith("sasl.")
                    || key.startsWith("ssl."))) {
                security.put(key, value instanceof Password password ? password.value() : value.toString());
            }
        });
        return security;
    }

    /**
     * Checks that these are stage {@code expected}'s settings, as a stage's configuration does with the settings
     * it is given.
     *
     * @throws IllegalArgumentException e.g. {@code the planner needs its own stage settings, was qos's}
     */
    public void requireStage(String expected) {
        if (!name.equals(expected)) {
            throw new IllegalArgumentException("the " + expected + " needs its own stage settings, was " + name + "'s");
        }
    }

    /** The key of stage {@code name}'s setting {@code setting}, e.g. {@code gleaner.forecaster.state-dir}. */
    public static String key(String name, String setting) {
        return "gleaner." + name + "." + setting;
    }

    /** This stage's key of {@code setting}, e.g. {@code gleaner.forecaster.state-dir}. */
    public String key(String setting) {
        return key(name, setting);
    }

    /**
     * The Kafka Streams settings every stage runs with: exactly-once (v2), explicit names for every internal resource
     * (KIP-1111), a {@link #TRANSACTION_TIMEOUT} long enough for the slowest record, and these values; with a
     * non-empty {@link #instanceId()} the stream threads' consumers are static group members (Kafka Streams suffixes
     * the id with each thread's index). A stage adds what is its own.
     */
    public Properties streamsProperties() {
        var props = new Properties();
        props.putAll(clientProperties);
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
        props.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, Integer.toString(availability.standbyReplicas()));
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
                Integer.toString(availability.sessionTimeoutMs()));
        // The survivors learn of a rebalance from their next heartbeat: at a sixth of the session timeout (Kafka
        // asks for at most a third), a failover waits about a second for them, not the session timeout's third.
        props.put(StreamsConfig.mainConsumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG),
                Integer.toString(Math.max(1, Math.min(3000, availability.sessionTimeoutMs() / 6))));
        return props;
    }

    /**
     * What a client the stage makes beside Kafka Streams (an admin, a producer of its own) starts from: the
     * {@link #clientProperties()} and the bootstrap servers over them; the client puts its own settings on top.
     */
    public Map<String, Object> clientConfig() {
        var config = new HashMap<String, Object>(clientProperties);
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return config;
    }

    /** The topic catalogue with this stage's prefix. */
    public Topics topics() {
        return Topics.withPrefix(topicPrefix);
    }

    /** These settings with another application id. */
    public StageSettings withApplicationId(String value) {
        return new StageSettings(name, value, instanceId, commitIntervalMs, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with another static member id (empty: a dynamic member). */
    public StageSettings withInstanceId(String value) {
        return new StageSettings(name, applicationId, value, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with another commit interval. */
    public StageSettings withCommitIntervalMs(long value) {
        return new StageSettings(name, applicationId, instanceId, value, streamThreads, stateDir, bootstrapServers,
                topicPrefix, registry, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with another number of stream threads. */
    public StageSettings withStreamThreads(int value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, value, stateDir, bootstrapServers,
                topicPrefix, registry, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with another state directory. */
    public StageSettings withStateDir(Path value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, streamThreads, value,
                bootstrapServers, topicPrefix, registry, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with other bootstrap servers. */
    public StageSettings withBootstrapServers(String value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, streamThreads, stateDir, value,
                topicPrefix, registry, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with another topic prefix. */
    public StageSettings withTopicPrefix(String value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, value, registry, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with another registry. */
    public StageSettings withRegistry(RegistryConfig value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, value, maxEventTimeAhead, availability, clientProperties);
    }

    /** These settings with another bound on event times after the wall clock. */
    public StageSettings withMaxEventTimeAhead(Duration value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, value, availability, clientProperties);
    }

    /**
     * The settings with the client properties' keys only: their values hold passwords ({@code sasl.jaas.config},
     * {@code ssl.key.password}), and a record's own {@code toString} would print them wherever the settings are logged.
     */
    @Override
    public String toString() {
        return "StageSettings[name=" + name + ", applicationId=" + applicationId + ", instanceId=" + instanceId
                + ", commitIntervalMs=" + commitIntervalMs + ", streamThreads=" + streamThreads + ", stateDir="
                + stateDir + ", bootstrapServers=" + bootstrapServers + ", topicPrefix=" + topicPrefix + ", registry="
                + registry + ", maxEventTimeAhead=" + maxEventTimeAhead + ", availability=" + availability
                + ", clientProperties="
                + new TreeSet<>(clientProperties.keySet()) + "]";
    }

    /** These settings with other Kafka client properties. */
    public StageSettings withClientProperties(Map<String, String> value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, maxEventTimeAhead, availability, value);
    }

    /**
     * Which event times the stage's inputs take: up to {@link #maxEventTimeAhead()} after the system's wall clock,
     * the one clock a stage reads ({@link EventTimeBound} says why).
     */
    public EventTimeBound eventTimeBound() {
        return new EventTimeBound(maxEventTimeAhead, InstantSource.system());
    }

    /** These settings with other standby replicas and session timeout. */
    public StageSettings withAvailability(Availability value) {
        return new StageSettings(name, applicationId, instanceId, commitIntervalMs, streamThreads, stateDir,
                bootstrapServers, topicPrefix, registry, maxEventTimeAhead, value, clientProperties);
    }

    /**
     * How a stage survives the loss of an instance (docs/operations.md#high-availability).
     *
     * @param standbyReplicas  {@code num.standby.replicas}, >= 0 ({@code gleaner.<name>.standby-replicas})
     * @param sessionTimeoutMs the main consumer's {@code session.timeout.ms}, > 0
     *                         ({@code gleaner.<name>.session-timeout-ms})
     */
    public record Availability(int standbyReplicas, int sessionTimeoutMs) {

        /**
         * One standby, so that a second instance holds a warm copy of every task's stores; a 6 s session timeout, the
         * brokers' least by default, so that a crashed instance's tasks move within the 10 s the planner's failover
         * goal allows (Kafka's 45 s default would spend the goal four times over on detection alone).
         */
        public static final Availability DEFAULTS = new Availability(1, 6000);

        public Availability {
            if (standbyReplicas < 0) {
                throw new IllegalArgumentException("standby replicas must be >= 0, was " + standbyReplicas);
            }
            if (sessionTimeoutMs <= 0) {
                throw new IllegalArgumentException("session timeout must be > 0 ms, was " + sessionTimeoutMs);
            }
        }
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
