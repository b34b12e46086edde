package io.gleaner.planner;

import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.topology.PlannerSerdes;
import io.gleaner.planner.topology.PlannerStores;
import io.gleaner.planner.topology.PlannerTopology;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.runtime.GlobalView;
import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.StreamsStage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The planner's composition root: configuration to topology to {@link KafkaStreams}, started after checking
 * that its input topics have one partition each, and closed with a timeout.
 *
 * <pre>{@code
 * var config = PlannerConfig.defaults().withStage(s -> s.withBootstrapServers("kafka:9092"));
 * try (var app = new PlannerApp(config)) {
 *     app.start();
 *     ...
 * }
 * }</pre>
 */
public final class PlannerApp extends StageApp {

    /** How long the startup check waits for the cluster to describe the input topics. */
    public static final Duration ADMIN_TIMEOUT = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(PlannerApp.class);

    private final PlannerConfig config;
    private final Producer<String, DeadLetter> globalDeadLetters;
    private final ExecutorService planWorker;

    /** A planner whose serdes talk to the schema registry of {@code config} over HTTP. */
    public PlannerApp(PlannerConfig config) {
        this(config, new RestSchemaRegistryClient(config.stage().registry()));
    }

    /** A planner whose serdes talk to {@code registry} (e.g. an in-memory one shared with an in-JVM run). */
    public PlannerApp(PlannerConfig config, SchemaRegistryClient registry) {
        this(config, PlannerSerdes.with(registry));
    }

    private PlannerApp(PlannerConfig config, PlannerSerdes serdes) {
        this(config, serdes, new KafkaProducer<>(withClientId(config.stage().clientConfig(),
                config.stage().applicationId() + "-global-dead-letters"),
                new StringSerializer(), serdes.deadLetter().serializer()));
    }

    private static Map<String, Object> withClientId(Map<String, Object> config, String clientId) {
        config.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        return config;
    }

    /** With {@code globalDeadLetters} sending the dead letters of the global views (their thread has no producer). */
    private PlannerApp(PlannerConfig config, PlannerSerdes serdes, Producer<String, DeadLetter> globalDeadLetters) {
        this(config, serdes, globalDeadLetters, Executors.newSingleThreadExecutor(runnable -> {
            var thread = new Thread(runnable, config.stage().applicationId() + "-plans");
            thread.setDaemon(true);
            return thread;
        }));
    }

    /**
     * With {@code planWorker} computing the policies' re-plans off the stream thread (docs/operations.md#plans-off-the-
     * stream-thread); its thread starts with the first plan it is given, none with a zero plan delay.
     */
    private PlannerApp(PlannerConfig config, PlannerSerdes serdes, Producer<String, DeadLetter> globalDeadLetters,
                       ExecutorService planWorker) {
        super(new StreamsStage("planner", config.stage().applicationId(),
                PlannerTopology.build(config.topics(), serdes, config,
                        GlobalView.sink(globalDeadLetters, config.topics().deadLetters().name()), planWorker),
                config.streamsProperties()));
        this.config = config;
        this.globalDeadLetters = globalDeadLetters;
        this.planWorker = planWorker;
    }

    /**
     * Closes the stage, then the producer of the global views' dead letters (sending what it holds), then the plan
     * worker: a plan it still computes is one no task will use.
     */
    @Override
    public void close() {
        try {
            super.close();
        } finally {
            try {
                globalDeadLetters.close(StreamsStage.CLOSE_TIMEOUT);
            } finally {
                planWorker.shutdownNow();
            }
        }
    }

    /**
     * Fails unless the planner's inputs exist with partitions it can run on. With one cell, jobs.submitted,
     * nodes.heartbeats and tasks.reports have exactly one partition each: the planner decides over the whole queue and
     * every node at once, so its inputs must meet in one task. With several (docs/cells.md#the-topology), any number,
     * but jobs.submitted and tasks.reports the same: both are keyed by job id, and a job's reports must reach the
     * router task that routed it.
     *
     * @throws IllegalStateException naming the topic and its partition count, or the missing topic
     */
    public static void checkInputTopics(Admin admin, Topics topics, CellMap cells) {
        if (cells.cells() > 1) {
            int jobs = partitions(admin, topics.jobsSubmitted().name());
            int reports = partitions(admin, topics.tasksReports().name());
            partitions(admin, topics.nodesHeartbeats().name());
            if (jobs != reports) {
                throw new IllegalStateException("planner input topics " + topics.jobsSubmitted().name() + " and "
                        + topics.tasksReports().name() + " have " + jobs + " and " + reports + " partitions; with "
                        + cells.cells() + " cells they must have the same number, so that a job's reports reach the "
                        + "router task that routed it");
            }
            return;
        }
        var names = List.of(topics.jobsSubmitted().name(), topics.nodesHeartbeats().name(),
                topics.tasksReports().name());
        for (var name : names) {
            int partitions = partitions(admin, name);
            if (partitions != 1) {
                throw new IllegalStateException("planner input topic " + name + " has " + partitions
                        + " partitions; it must have exactly 1 so that jobs, heartbeats and reports meet in one"
                        + " stream task (or run several cells: docs/cells.md)");
            }
        }
    }

    /**
     * The forecast the planner's view of {@code forecasts} holds for {@code seriesKey} ({@code nodeId/METRIC}), or
     * null: what its policies read. The lockstep waits on it ({@code simulator.lockstep.ForecastBarrier}).
     *
     * @throws org.apache.kafka.streams.errors.InvalidStateStoreException while the planner is not running
     */
    public CapacityForecast viewedForecast(String seriesKey) {
        return stage().store(StoreQueryParameters.fromNameAndType(PlannerTopology.FORECASTS_VIEW_STORE,
                QueryableStoreTypes.<String, CapacityForecast>keyValueStore())).get(seriesKey);
    }

    /**
     * The status the planner's view of {@code cells.status} holds for the cell of key {@code cellKey}, or null: what
     * its router reads. The lockstep waits on it ({@code simulator.lockstep.CellsBarrier}).
     *
     * @throws org.apache.kafka.streams.errors.InvalidStateStoreException while the planner is not running, or when it
     *                                                                   runs one cell (it has no such view)
     */
    public io.gleaner.schemas.avro.CellStatus viewedCellStatus(String cellKey) {
        return stage().store(StoreQueryParameters.fromNameAndType(PlannerStores.CELLS_STATUS_VIEW,
                QueryableStoreTypes.<String, io.gleaner.schemas.avro.CellStatus>keyValueStore())).get(cellKey);
    }

    /**
     * Checks the input topics, then starts processing.
     *
     * @throws IllegalStateException when the input topics do not fit the cells ({@link #checkInputTopics})
     */
    @Override
    public void start() {
        var bootstrapServers = config.stage().bootstrapServers();
        try (var admin = Admin.create(config.stage().clientConfig())) {
            checkInputTopics(admin, config.topics(), config.cells());
        }
        log.info("starting planner {} with policy {} (pools {}, locality delay {}, coshh {}, {} cell(s) by {}) on {}",
                config.stage().applicationId(), config.policy().configValue(), config.policySettings().pools(),
                config.policySettings().localityDelay(), config.policySettings().coshh(), config.cells().cells(),
                config.cells().by().configValue(), bootstrapServers);
        super.start();
    }

    private static int partitions(Admin admin, String topic) {
        try {
            var description = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(ADMIN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic);
            return description.partitions().size();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new IllegalStateException("planner input topic " + topic + " does not exist; create it with"
                        + " exactly 1 partition", e.getCause());
            }
            throw new IllegalStateException("cannot describe planner input topic " + topic + ": " + e.getCause(), e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("cannot describe planner input topic " + topic + " within "
                    + ADMIN_TIMEOUT, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while describing planner input topic " + topic, e);
        }
    }
}
