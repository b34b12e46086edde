package io.gleaner.schemas;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.CellStatus;
import io.gleaner.schemas.avro.ClassPlan;
import io.gleaner.schemas.avro.DataPlacement;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobAdmission;
import io.gleaner.schemas.avro.JobClass;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobRoute;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.QosAction;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.UtilizationSample;
import java.util.List;
import java.util.Objects;

/**
 * The topic catalogue of DESIGN.md section 2. Call sites take topics from here and never spell a name.
 *
 * <p>The planner's three inputs have one partition: with one planner cell (the default) the planner decides over the
 * whole queue and every node at once, so its inputs must meet in one stream task (DESIGN section 6). With several
 * cells the planner re-partitions them by cell itself (docs/cells.md#the-topology).
 */
public record Topics(
        String prefix,
        Topic<String, JobSubmitted> jobsSubmitted,
        Topic<String, NodeHeartbeat> nodesHeartbeats,
        Topic<String, UtilizationSample> nodesUtilization,
        Topic<String, TaskReport> tasksReports,
        Topic<String, CapacityForecast> forecasts,
        Topic<String, JobClass> jobsClasses,
        Topic<String, JobProfile> jobsProfiles,
        Topic<String, ClassPlan> plans,
        Topic<String, PlacementDecision> placements,
        Topic<String, DataPlacement> dataPlacements,
        Topic<String, JobAdmission> jobsAdmissions,
        Topic<String, JobEvent> jobsEvents,
        Topic<String, QosAction> qosActions,
        Topic<String, DeadLetter> deadLetters,
        Topic<String, CellStatus> cellsStatus,
        Topic<String, JobRoute> jobsRouted) {

    /** The default prefix. */
    public static final String DEFAULT_PREFIX = "gleaner.";

    public Topics {
        Objects.requireNonNull(prefix, "prefix");
    }

    /** Every topic of the catalogue, named {@code prefix + short name}, e.g. {@code gleaner.jobs.submitted}. */
    public static Topics withPrefix(String prefix) {
        Objects.requireNonNull(prefix, "prefix");
        return new Topics(prefix,
                events(prefix + "jobs.submitted", JobSubmitted.class, 1),
                events(prefix + "nodes.heartbeats", NodeHeartbeat.class, 1),
                events(prefix + "nodes.utilization", UtilizationSample.class, 6),
                events(prefix + "tasks.reports", TaskReport.class, 1),
                compacted(prefix + "forecasts", CapacityForecast.class, 6),
                compacted(prefix + "jobs.classes", JobClass.class, 1),
                compacted(prefix + "jobs.profiles", JobProfile.class, 3),
                events(prefix + "plans", ClassPlan.class, 1),
                events(prefix + "placements", PlacementDecision.class, 6),
                compacted(prefix + "data.placements", DataPlacement.class, 3),
                events(prefix + "jobs.admissions", JobAdmission.class, 3),
                events(prefix + "jobs.events", JobEvent.class, 3),
                events(prefix + "qos.actions", QosAction.class, 6),
                events(prefix + "deadletter", DeadLetter.class, 1),
                compacted(prefix + "cells.status", CellStatus.class, 1),
                events(prefix + "jobs.routed", JobRoute.class, 3));
    }

    /** The catalogue with the default prefix. */
    public static Topics defaults() {
        return withPrefix(DEFAULT_PREFIX);
    }

    /**
     * All topics, in the order of DESIGN.md section 2 ({@code data.placements} and {@code jobs.events}, added since,
     * after placements and admissions; the planner cells' {@code cells.status} and {@code jobs.routed} last).
     */
    public List<Topic<String, ?>> all() {
        return List.of(jobsSubmitted, nodesHeartbeats, nodesUtilization, tasksReports, forecasts, jobsClasses,
                jobsProfiles, plans, placements, dataPlacements, jobsAdmissions, jobsEvents, qosActions, deadLetters,
                cellsStatus, jobsRouted);
    }

    private static <V> Topic<String, V> events(String name, Class<V> value, int partitions) {
        return new Topic<>(name, String.class, value, partitions, CleanupPolicy.DELETE, null);
    }

    private static <V> Topic<String, V> compacted(String name, Class<V> value, int partitions) {
        return new Topic<>(name, String.class, value, partitions, CleanupPolicy.COMPACT, null);
    }
}
