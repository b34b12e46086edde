package io.gleaner.deploy.fuzz;

import io.gleaner.classifier.topology.ClassifierTopology;
import io.gleaner.forecaster.topology.ForecasterTopology;
import io.gleaner.ingest.adapter.AdapterTopology;
import io.gleaner.planner.topology.PlannerTopology;
import io.gleaner.qos.topology.QosTopology;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.CleanupPolicy;
import java.util.List;
import java.util.Set;

/**
 * Every topic a stage of {@code gleaner run} (and the {@code gleaner ingest} adapter) reads, with its readers, as the
 * topologies build them today: keep in sync with {@code PlannerTopology} (jobs, reports, heartbeats; global tables of
 * forecasts and jobs.profiles), {@code ForecasterTopology} (utilization), {@code ClassifierTopology} (heartbeats,
 * jobs, reports), {@code QosTopology} (heartbeats, utilization, placements) and {@code AdapterTopology} (its source
 * topic).
 */
public final class FuzzedInputs {

    private FuzzedInputs() {
    }

    /** The inputs of the catalogue {@code topics}, and the adapter's {@code telemetryTopic} (one partition). */
    public static List<FuzzedInput> of(Topics topics, String telemetryTopic) {
        var planner = PlannerTopology.STAGE;
        var classifier = ClassifierTopology.STAGE;
        var qos = QosTopology.STAGE;
        var forecaster = ForecasterTopology.STAGE;
        return List.of(
                input(topics.jobsSubmitted(), Payload.JOB, Set.of(planner, classifier)),
                input(topics.nodesHeartbeats(), Payload.HEARTBEAT, Set.of(planner, classifier, qos)),
                input(topics.nodesUtilization(), Payload.SAMPLE, Set.of(forecaster, qos)),
                input(topics.tasksReports(), Payload.REPORT, Set.of(planner, classifier)),
                input(topics.forecasts(), Payload.FORECAST, Set.of(planner)),
                input(topics.jobsProfiles(), Payload.PROFILE, Set.of(planner)),
                input(topics.placements(), Payload.PLACEMENT, Set.of(qos)),
                new FuzzedInput(telemetryTopic, Payload.TELEMETRY, 1, false, Set.of(AdapterTopology.STAGE)));
    }

    private static FuzzedInput input(Topic<String, ?> topic, Payload payload, Set<String> readers) {
        return new FuzzedInput(topic.name(), payload, topic.partitions(), topic.cleanup() == CleanupPolicy.COMPACT,
                readers);
    }
}
