package io.gleaner.planner.topology;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.PlacementPolicy;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.runtime.Decoded;
import io.gleaner.runtime.DecodedSource;
import io.gleaner.runtime.EventTimeBound;
import io.gleaner.runtime.GlobalView;
import java.time.Instant;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.Supplier;
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
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The planner as a Kafka Streams topology: jobs.submitted, nodes.heartbeats and tasks.reports (one partition
 * each, so they meet in one task) are decoded, dead-lettering what cannot be decoded, and applied one at a
 * time, in timestamp order, to the core's {@code PlannerCell} over shared state stores ({@link PlannerStores}).
 * Placements go to {@code placements} keyed by node id with the heartbeat's time as timestamp, data placements to
 * {@code data.placements} keyed by dataset with the job's submit time, jobs' life-cycle steps to {@code jobs.events}
 * keyed by job id with the step's event time; invalid inputs go to {@code deadletter}. Every operator and store is named, so that no changelog is renamed by a refactor.
 */
public final class PlannerTopology {

    /** The stage name recorded in dead letters. */
    public static final String STAGE = "planner";

    /**
     * The store of the planner's view of {@code forecasts} ({@link ForecastOutlook#addView}); a global store, read
     * whole by every instance, queryable while the planner runs. Its name predates the view's move into the planner
     * and stays, so that an upgraded planner finds its state directory as it was.
     */
    public static final String FORECASTS_VIEW_STORE = "forecaster-forecasts-view";

    private PlannerTopology() {
    }

    /**
     * The topology; it never creates {@code KafkaStreams} (see {@code PlannerApp}). Its processors share each
     * task's decoded state ({@link TaskStates}) through the returned instance, so run it in one
     * {@code KafkaStreams} only: build a new one for each.
     */
    public static Topology build(Topics topics, PlannerSerdes serdes, PlannerConfig config,
                                 GlobalView.DeadLetterSink globalDeadLetters) {
        return build(topics, serdes, config, globalDeadLetters, (Supplier<PlacementPolicy>) config::createPolicy);
    }

    /** The topology whose policies compute their re-plans on {@code planWorker}. */
    public static Topology build(Topics topics, PlannerSerdes serdes, PlannerConfig config,
                                 GlobalView.DeadLetterSink globalDeadLetters, Executor planWorker) {
        return build(topics, serdes, config, globalDeadLetters, () -> config.createPolicy(planWorker));
    }

    /**
     * The topology with the policy {@code policies} makes, one per stream task (tests give their own).
     *
     * @param globalDeadLetters where the dead letters of the global views ({@code forecasts}, {@code jobs.profiles})
     *                          go: their global thread cannot write to {@code deadletter} itself ({@link GlobalView})
     */
    static Topology build(Topics topics, PlannerSerdes serdes, PlannerConfig config,
                          GlobalView.DeadLetterSink globalDeadLetters, Supplier<PlacementPolicy> policies) {
        // The builder must see the settings for ensure.explicit.internal.resource.naming to take effect.
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(config.streamsProperties())));
        builder.addStateStore(store(PlannerStores.JOBS, serdes.plannerJobState()));
        builder.addStateStore(store(PlannerStores.JOB_ORDER, Serdes.String()));
        builder.addStateStore(store(PlannerStores.COMPLETED_JOBS, Serdes.Long()));
        builder.addStateStore(store(PlannerStores.NODES, serdes.nodeHeartbeat()));
        builder.addStateStore(store(PlannerStores.LOST_NODES, Serdes.Long()));
        builder.addStateStore(store(PlannerStores.NODE_STANDINGS, serdes.plannerNodeState()));
        builder.addStateStore(store(PlannerStores.PUBLISHED_CLASSES, Serdes.Long()));
        // Every instance sees every node's forecast; no policy of today's reads it inside the lockstep barrier, so a
        // forecast arriving late changes no decision (a policy that plans on it must wait for it: Salamander's).
        ForecastOutlook.addView(builder, topics, serdes.capacityForecast(), config.stage().eventTimeBound(), STAGE,
                globalDeadLetters);
        // The classifier's profiles, for COSHH's execution rates of job names with history. Outside the lockstep
        // barrier like the forecasts: a profile arriving late changes the rates of a later job of that name only.
        GlobalView.add(builder, topics.jobsProfiles(), serdes.jobProfile(), ProfileHistory::problem,
                PlannerStores.PROFILES_VIEW, "profiles-view", STAGE, globalDeadLetters);

        int cells = config.cells().cells();
        var states = new TaskStates(policies, config.policy().configValue(), config.nodeLiveness(),
                config.retryRules(), cells);
        if (cells > 1) {
            CellsTopology.add(builder, topics, serdes, config, states, globalDeadLetters);
            return builder.build();
        }
        var bound = config.stage().eventTimeBound();
        var jobs = input(builder, "jobs", topics.jobsSubmitted(), serdes.jobSubmitted(), JobSubmitted::getSubmitTime,
                bound, () -> new JobProcessor(topics.jobsSubmitted().name(), states));
        var reports = input(builder, "reports", topics.tasksReports(), serdes.taskReport(), TaskReport::getTime, bound,
                () -> new ReportProcessor(topics.tasksReports().name(), states));
        var heartbeats = input(builder, "heartbeats", topics.nodesHeartbeats(), serdes.nodeHeartbeat(),
                NodeHeartbeat::getTime, bound,
                () -> new HeartbeatProcessor(topics.nodesHeartbeats().name(), states));
        sinks(jobs.merge(reports, Named.as("merge-jobs-reports")).merge(heartbeats, Named.as("merge-heartbeats")),
                topics, serdes, "");
        return builder.build();
    }

    /**
     * Each output to its topic, every operator named {@code prefix} + its one-cell name: a sub-topology's outputs get
     * sinks of their own, so that no merge joins two sub-topologies (and their partition counts) into one.
     */
    static void sinks(KStream<String, PlannerOutput> planned, Topics topics, PlannerSerdes serdes, String prefix) {
        var split = planned.split(Named.as(prefix + "outputs-"))
                .branch((key, output) -> output.isDeadLetter(), Branched.as("dead"))
                .branch((key, output) -> output.is(PlannerOutput.Kind.JOB_CLASS), Branched.as("classes"))
                .branch((key, output) -> output.is(PlannerOutput.Kind.CLASS_PLAN), Branched.as("plans"))
                .branch((key, output) -> output.is(PlannerOutput.Kind.ADMISSION), Branched.as("admissions"))
                .branch((key, output) -> output.is(PlannerOutput.Kind.DATA_PLACEMENT), Branched.as("data"))
                .branch((key, output) -> output.is(PlannerOutput.Kind.JOB_EVENT), Branched.as("job-events"));
        if (!prefix.isEmpty()) {
            split = split.branch((key, output) -> output.is(PlannerOutput.Kind.CELL_STATUS), Branched.as("statuses"))
                    .branch((key, output) -> output.is(PlannerOutput.Kind.JOB_ROUTE), Branched.as("routes"));
        }
        var outputs = split.defaultBranch(Branched.as("placements"));
        var p = prefix + "outputs-";
        outputs.get(p + "placements")
                .mapValues(PlannerOutput::placement, Named.as(prefix + "placement-values"))
                .to(topics.placements().name(),
                        Produced.with(Serdes.String(), serdes.placementDecision()).withName(prefix + "placements-sink"));
        outputs.get(p + "dead")
                .mapValues(PlannerOutput::deadLetter, Named.as(prefix + "dead-letter-values"))
                .to(topics.deadLetters().name(),
                        Produced.with(Serdes.String(), serdes.deadLetter()).withName(prefix + "dead-letters-sink"));
        outputs.get(p + "classes")
                .mapValues(PlannerOutput::jobClass, Named.as(prefix + "class-values"))
                .to(topics.jobsClasses().name(),
                        Produced.with(Serdes.String(), serdes.jobClass()).withName(prefix + "classes-sink"));
        outputs.get(p + "plans")
                .mapValues(PlannerOutput::plan, Named.as(prefix + "plan-values"))
                .to(topics.plans().name(),
                        Produced.with(Serdes.String(), serdes.classPlan()).withName(prefix + "plans-sink"));
        outputs.get(p + "admissions")
                .mapValues(PlannerOutput::admission, Named.as(prefix + "admission-values"))
                .to(topics.jobsAdmissions().name(),
                        Produced.with(Serdes.String(), serdes.jobAdmission()).withName(prefix + "admissions-sink"));
        outputs.get(p + "data")
                .mapValues(PlannerOutput::dataPlacement, Named.as(prefix + "data-placement-values"))
                .to(topics.dataPlacements().name(),
                        Produced.with(Serdes.String(), serdes.dataPlacement()).withName(prefix + "data-placements-sink"));
        outputs.get(p + "job-events")
                .mapValues(PlannerOutput::jobEvent, Named.as(prefix + "job-event-values"))
                .to(topics.jobsEvents().name(),
                        Produced.with(Serdes.String(), serdes.jobEvent()).withName(prefix + "job-events-sink"));
        if (!prefix.isEmpty()) {
            outputs.get(p + "statuses")
                    .mapValues(PlannerOutput::cellStatus, Named.as(prefix + "status-values"))
                    .to(topics.cellsStatus().name(),
                            Produced.with(Serdes.String(), serdes.cellStatus()).withName(prefix + "statuses-sink"));
            outputs.get(p + "routes")
                    .mapValues(PlannerOutput::jobRoute, Named.as(prefix + "route-values"))
                    .to(topics.jobsRouted().name(),
                            Produced.with(Serdes.String(), serdes.jobRoute()).withName(prefix + "routes-sink"));
        }
    }

    /**
     * One input: read raw bytes (event time from the value), decode, dead-letter what does not decode, and
     * apply the rest with {@code processor}, which is connected to every store.
     */
    private static <V> KStream<String, PlannerOutput> input(
            StreamsBuilder builder, String name, Topic<String, V> topic, Serde<V> serde,
            Function<V, Instant> eventTime, EventTimeBound bound,
            ProcessorSupplier<String, Decoded<V>, String, PlannerOutput> processor) {
        return apply(DecodedSource.stream(builder, topic, serde, eventTime, bound, name, STAGE), name, processor,
                PlannerStores.all());
    }

    /** Dead-letters the records of {@code decoded} that did not decode and applies the rest with {@code processor}. */
    static <V> KStream<String, PlannerOutput> apply(
            KStream<String, Decoded<V>> decoded, String name,
            ProcessorSupplier<String, Decoded<V>, String, PlannerOutput> processor, String[] stores) {
        var branches = decoded
                .split(Named.as(name + "-"))
                .branch((key, value) -> value.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("ok"));
        var undecodable = branches.get(name + "-dead")
                .mapValues(value -> PlannerOutput.of(value.deadLetter()), Named.as(name + "-undecodable"));
        return branches.get(name + "-ok")
                .process(processor, Named.as("apply-" + name), stores)
                .merge(undecodable, Named.as(name + "-outputs"));
    }

    static <V> StoreBuilder<KeyValueStore<String, V>> store(String name, Serde<V> valueSerde) {
        return Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(name), Serdes.String(), valueSerde);
    }
}
