package io.gleaner.planner.topology;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.events.CellMapping;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.runtime.Decoded;
import io.gleaner.runtime.DecodedSource;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.GlobalView;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskReport;
import java.util.Optional;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;

/**
 * The planner of several cells (docs/cells.md#the-topology), three sub-topologies joined only by topics:
 * <ol>
 *   <li>the router, one task per partition of {@code jobs.submitted} and {@code tasks.reports} (co-partitioned by job
 *       id): routes jobs ({@link RouterProcessor.Jobs}) over the global view of {@code cells.status}, records each
 *       route on {@code jobs.routed}, and sends each report to its job's cell;</li>
 *   <li>the heartbeats, re-keyed by nothing (the node id stays the key) but sent to the partition of the node's
 *       cell ({@link io.gleaner.planner.core.cells.CellMap});</li>
 *   <li>the cells: one task per cell over the three cell topics ({@code <application.id>-cell-jobs-repartition},
 *       {@code -cell-reports-}, {@code -cell-heartbeats-}, each of {@code cells} partitions, so partition i of each is
 *       cell i's task), each running the one-cell planner's processors over its own stores, and taking its status
 *       before a heartbeat when one is due.</li>
 * </ol>
 * Each sub-topology has sinks of its own ({@link PlannerTopology#sinks}).
 */
final class CellsTopology {

    private CellsTopology() {
    }

    static void add(StreamsBuilder builder, Topics topics, PlannerSerdes serdes, PlannerConfig config,
                    TaskStates states, GlobalView.DeadLetterSink globalDeadLetters) {
        int cells = config.cells().cells();
        var bound = config.stage().eventTimeBound();
        builder.addStateStore(PlannerTopology.store(PlannerStores.CELL_STATUS_TAKEN, Serdes.Long()));
        builder.addStateStore(PlannerTopology.store(PlannerStores.ROUTED_JOBS, Serdes.Integer()));
        builder.addStateStore(PlannerTopology.store(PlannerStores.HELD_JOBS, Serdes.ByteArray()));
        builder.addStateStore(PlannerTopology.store(PlannerStores.ROUTER_SENT, Serdes.String()));
        GlobalView.add(builder, topics.cellsStatus(), serdes.cellStatus(), CellsTopology::statusProblem,
                PlannerStores.CELLS_STATUS_VIEW, "cells-status-view", PlannerTopology.STAGE, globalDeadLetters);

        // 1. The router.
        var jobsTopic = topics.jobsSubmitted().name();
        var reportsTopic = topics.tasksReports().name();
        var jobs = routed(DecodedSource.stream(builder, topics.jobsSubmitted(), serdes.jobSubmitted(),
                JobSubmitted::getSubmitTime, bound, "jobs", PlannerTopology.STAGE), "jobs",
                () -> new RouterProcessor.Jobs(jobsTopic, cells, serdes.jobSubmitted().deserializer()));
        var reports = routed(DecodedSource.stream(builder, topics.tasksReports(), serdes.taskReport(),
                TaskReport::getTime, bound, "reports", PlannerTopology.STAGE), "reports",
                () -> new RouterProcessor.Reports(reportsTopic, cells));
        var routed = jobs.merge(reports, Named.as("merge-routed"))
                .split(Named.as("router-"))
                .branch((key, out) -> out.job() != null, Branched.as("jobs"))
                .branch((key, out) -> out.report() != null, Branched.as("reports"))
                .defaultBranch(Branched.as("outputs"));
        PlannerTopology.sinks(routed.get("router-outputs").mapValues(RouterOutput::output, Named.as("router-values")),
                topics, serdes, "router-");
        var cellJobs = toCells(routed.get("router-jobs").mapValues(RouterOutput::job, Named.as("router-job-values")),
                "cell-jobs", cells);
        var cellReports = toCells(routed.get("router-reports").mapValues(RouterOutput::report,
                Named.as("router-report-values")), "cell-reports", cells);

        // 2. The heartbeats, to their node's cell.
        var heartbeats = DecodedSource.stream(builder, topics.nodesHeartbeats(), serdes.nodeHeartbeat(),
                        NodeHeartbeat::getTime, bound, "heartbeats", PlannerTopology.STAGE)
                .split(Named.as("heartbeats-"))
                .branch((key, decoded) -> decoded.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("ok"));
        PlannerTopology.sinks(heartbeats.get("heartbeats-dead").mapValues(
                decoded -> PlannerOutput.of(decoded.deadLetter()), Named.as("heartbeats-undecodable")),
                topics, serdes, "heartbeats-");
        var cellHeartbeats = toCells(heartbeats.get("heartbeats-ok").mapValues((key, decoded) -> new CellRecord(
                cellOf(config, key, decoded.value()), decoded.raw()), Named.as("heartbeat-cells")),
                "cell-heartbeats", cells);

        // 3. The cells.
        var cellOutputs = inCell(cellJobs, "jobs", jobsTopic, serdes.jobSubmitted().deserializer(),
                () -> new JobProcessor(jobsTopic, states))
                .merge(inCell(cellReports, "reports", reportsTopic, serdes.taskReport().deserializer(),
                        () -> new ReportProcessor(reportsTopic, states)), Named.as("merge-cell-jobs-reports"))
                .merge(inCell(cellHeartbeats, "heartbeats", topics.nodesHeartbeats().name(),
                        serdes.nodeHeartbeat().deserializer(),
                        () -> new HeartbeatProcessor(topics.nodesHeartbeats().name(), states)),
                        Named.as("merge-cell-heartbeats"));
        PlannerTopology.sinks(cellOutputs, topics, serdes, "cell-");
    }

    /** The router's outputs of one input: its undecodable records as dead letters, the rest routed. */
    private static <V> KStream<String, RouterOutput> routed(
            KStream<String, Decoded<V>> decoded, String name,
            ProcessorSupplier<String, Decoded<V>, String, RouterOutput> router) {
        var branches = decoded.split(Named.as(name + "-"))
                .branch((key, value) -> value.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("ok"));
        return branches.get(name + "-ok")
                .process(router, Named.as("route-" + name), PlannerStores.ofRouter())
                .merge(branches.get(name + "-dead").mapValues(
                        value -> RouterOutput.of(PlannerOutput.of(value.deadLetter())),
                        Named.as(name + "-undecodable")), Named.as(name + "-routed"));
    }

    /** Writes {@code records} to the cell topic {@code name}, each to its cell's partition, and reads it back. */
    private static KStream<String, CellRecord> toCells(KStream<String, CellRecord> records, String name, int cells) {
        return records.repartition(Repartitioned.with(Serdes.String(), CellRecord.serde())
                .withName(name)
                .withNumberOfPartitions(cells)
                .withStreamPartitioner(CellRecord::partition));
    }

    /** A cell topic's records decoded again and applied as the one-cell planner applies its input. */
    private static <V> KStream<String, PlannerOutput> inCell(
            KStream<String, CellRecord> records, String name, String sourceTopic, Deserializer<V> decoder,
            ProcessorSupplier<String, Decoded<V>, String, PlannerOutput> processor) {
        KStream<String, Decoded<V>> decoded = records.mapValues((key, record) -> {
            try {
                return Decoded.of(decoder.deserialize(sourceTopic, record.raw()), record.raw());
            } catch (SerializationException e) {
                // It decoded before the hop; only a registry that lost the schema since could get here.
                return Decoded.deadLetter(DeadLetters.of(Optional.empty(), sourceTopic, key, record.raw(), 0,
                        "does not decode after the hop to cell " + record.cell() + ": " + e.getMessage(),
                        PlannerTopology.STAGE));
            }
        }, Named.as("decode-cell-" + name));
        return PlannerTopology.apply(decoded, "cell-" + name, processor, PlannerStores.ofCell());
    }

    /** The cell of a heartbeat's node; by its key when the heartbeat is invalid (its cell dead-letters it). */
    private static int cellOf(PlannerConfig config, String key, NodeHeartbeat heartbeat) {
        Checked<NodeState> node = EventMapping.nodeState(heartbeat);
        return node instanceof Checked.Valid<NodeState> valid ? config.cells().cellOf(valid.value())
                : config.cells().cellOfKey(key == null ? "" : key);
    }

    /** Why a record of {@code cells.status} cannot be used, or empty when it can. */
    static Optional<String> statusProblem(String key, io.gleaner.schemas.avro.CellStatus status) {
        if (!CellMapping.key(status.getCell()).equals(key)) {
            return Optional.of("record key '" + key + "' is not the status's cell " + status.getCell());
        }
        try {
            CellMapping.cellStatus(status);
            return Optional.empty();
        } catch (IllegalArgumentException | NullPointerException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }
}
