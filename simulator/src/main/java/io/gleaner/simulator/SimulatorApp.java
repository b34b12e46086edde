package io.gleaner.simulator;

import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.Pool;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DataPlacement;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.InProcessPlannerLink;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.Simulation;
import io.gleaner.simulator.core.SimulationProgress;
import io.gleaner.simulator.core.SimulationReport;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.lockstep.KafkaPlannerLink;
import io.gleaner.simulator.lockstep.LockstepConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The simulator's composition root: runs a workload on a simulated cluster in lockstep with a planner, in-process
 * or through Kafka, and creates the Kafka clients the lockstep link needs.
 */
public final class SimulatorApp {

    private static final Logger log = LoggerFactory.getLogger(SimulatorApp.class);

    private SimulatorApp() {
    }

    /**
     * Runs {@code jobs} on {@code cluster} with the planner's core in this thread.
     *
     * @param progress told after every round
     */
    public static SimulationReport runInProcess(ClusterSpec cluster, List<Job> jobs, PolicyName policy,
                                                SimulationSettings settings, Consumer<SimulationProgress> progress) {
        return runInProcess(cluster, jobs, OwnerLoad.NONE, List.of(), policy, settings, progress);
    }

    /**
     * Runs {@code jobs} on {@code cluster}, with the owners' {@code owners} load, with the planner's core in this
     * thread running {@code policy} with {@code pools} and reading forecasts of the owners' use warmed up on the
     * load's history ({@link io.gleaner.simulator.core.OwnerForecasts}).
     *
     * @param progress told after every round
     */
    public static SimulationReport runInProcess(ClusterSpec cluster, List<Job> jobs, OwnerLoad owners,
                                                List<Pool> pools, PolicyName policy, SimulationSettings settings,
                                                Consumer<SimulationProgress> progress) {
        log.info("simulating {} jobs on {} in-process with policy {}, seed {}", jobs.size(), cluster.name(),
                policy.configValue(), settings.seed());
        var link = InProcessPlannerLink.of(policy, pools, settings.seed(), owners);
        return new Simulation(cluster, jobs, owners, pools, link, settings, progress).run();
    }

    /**
     * Runs {@code jobs} on {@code cluster} in lockstep through Kafka with the planner app whose application id is
     * {@code config.plannerApplicationId()}. The topics must exist and the planner must be running.
     *
     * @param progress told after every round
     * @throws io.gleaner.simulator.lockstep.LockstepTimeoutException when the planner does not answer a round
     */
    public static SimulationReport runLockstep(ClusterSpec cluster, List<Job> jobs, LockstepConfig config,
                                               SchemaRegistryClient registry, SimulationSettings settings,
                                               Consumer<SimulationProgress> progress) {
        return runLockstep(cluster, jobs, OwnerLoad.NONE, List.of(), config, registry, settings, progress);
    }

    /**
     * Runs {@code jobs} on {@code cluster}, with the owners' {@code owners} load and the users' {@code pools} for the
     * share metrics, in lockstep through Kafka with the planner app whose application id is
     * {@code config.plannerApplicationId()}. The topics must exist and the planner must be running. The owners' use
     * before the run goes onto the utilization topic first ({@link KafkaPlannerLink#sendOwnerHistory}).
     *
     * @param progress told after every round
     * @throws io.gleaner.simulator.lockstep.LockstepTimeoutException when the planner does not answer a round
     */
    public static SimulationReport runLockstep(ClusterSpec cluster, List<Job> jobs, OwnerLoad owners,
                                               List<Pool> pools, LockstepConfig config,
                                               SchemaRegistryClient registry, SimulationSettings settings,
                                               Consumer<SimulationProgress> progress) {
        log.info("simulating {} jobs on {} in lockstep with planner {} on {}, seed {}", jobs.size(), cluster.name(),
                config.plannerApplicationId(), config.bootstrapServers(), settings.seed());
        try (var link = connect(config, registry)) {
            link.sendOwnerHistory(owners);
            return new Simulation(cluster, jobs, owners, pools, link, settings, progress).run();
        }
    }

    /**
     * A lockstep link with its own clients: an idempotent producer with {@code acks=all}, a {@code read_committed}
     * consumer without a group, and an admin client. Closing the link closes them.
     */
    public static KafkaPlannerLink connect(LockstepConfig config, SchemaRegistryClient registry) {
        var clientId = "gleaner-simulator-" + config.plannerApplicationId();
        var opened = new ArrayList<AutoCloseable>();
        try {
            var producer = new KafkaProducer<String, SpecificRecord>(config.clientConfig(Map.of(
                    ProducerConfig.CLIENT_ID_CONFIG, clientId + "-producer",
                    ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true,
                    ProducerConfig.ACKS_CONFIG, "all",
                    // Every round ends in flush(): waiting for more records to batch only adds latency.
                    ProducerConfig.LINGER_MS_CONFIG, 0)),
                    new StringSerializer(), new AvroSerializer<>(SpecificRecord.class, registry));
            opened.add(producer);
            var consumer = new KafkaConsumer<>(config.clientConfig(Map.<String, Object>of(
                    ConsumerConfig.CLIENT_ID_CONFIG, clientId + "-placements",
                    ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                    ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false)),
                    new StringDeserializer(), new ByteArrayDeserializer());
            opened.add(consumer);
            var admin = Admin.create(config.clientConfig(Map.<String, Object>of(
                    AdminClientConfig.CLIENT_ID_CONFIG, clientId + "-admin")));
            opened.add(admin);
            return new KafkaPlannerLink(config, producer, consumer, admin,
                    new AvroDeserializer<>(PlacementDecision.class, registry),
                    new AvroDeserializer<>(DataPlacement.class, registry),
                    new AvroDeserializer<>(CapacityForecast.class, registry),
                    new AvroDeserializer<>(io.gleaner.schemas.avro.CellStatus.class, registry));
        } catch (RuntimeException e) {
            for (var client : opened) {
                try {
                    client.close();
                } catch (Exception suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }
}
