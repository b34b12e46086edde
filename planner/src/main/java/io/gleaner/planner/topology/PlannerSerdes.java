package io.gleaner.planner.topology;

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
import io.gleaner.schemas.avro.PlannerJobState;
import io.gleaner.schemas.avro.PlannerNodeState;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;

/** The value serdes of the planner's topics and stores. Keys are strings everywhere. */
public record PlannerSerdes(Serde<JobSubmitted> jobSubmitted, Serde<NodeHeartbeat> nodeHeartbeat,
                            Serde<TaskReport> taskReport, Serde<PlacementDecision> placementDecision,
                            Serde<DeadLetter> deadLetter, Serde<PlannerJobState> plannerJobState,
                            Serde<CapacityForecast> capacityForecast, Serde<JobClass> jobClass,
                            Serde<ClassPlan> classPlan, Serde<JobProfile> jobProfile,
                            Serde<JobAdmission> jobAdmission, Serde<DataPlacement> dataPlacement,
                            Serde<JobEvent> jobEvent, Serde<PlannerNodeState> plannerNodeState,
                            Serde<CellStatus> cellStatus, Serde<JobRoute> jobRoute) {

    public PlannerSerdes {
        Objects.requireNonNull(jobSubmitted, "jobSubmitted");
        Objects.requireNonNull(nodeHeartbeat, "nodeHeartbeat");
        Objects.requireNonNull(taskReport, "taskReport");
        Objects.requireNonNull(placementDecision, "placementDecision");
        Objects.requireNonNull(deadLetter, "deadLetter");
        Objects.requireNonNull(plannerJobState, "plannerJobState");
        Objects.requireNonNull(capacityForecast, "capacityForecast");
        Objects.requireNonNull(jobClass, "jobClass");
        Objects.requireNonNull(classPlan, "classPlan");
        Objects.requireNonNull(jobProfile, "jobProfile");
        Objects.requireNonNull(jobAdmission, "jobAdmission");
        Objects.requireNonNull(dataPlacement, "dataPlacement");
        Objects.requireNonNull(jobEvent, "jobEvent");
        Objects.requireNonNull(plannerNodeState, "plannerNodeState");
        Objects.requireNonNull(cellStatus, "cellStatus");
        Objects.requireNonNull(jobRoute, "jobRoute");
    }

    /** Confluent wire-format Avro serdes that all talk to {@code registry}. */
    public static PlannerSerdes with(SchemaRegistryClient registry) {
        return new PlannerSerdes(AvroSerde.of(JobSubmitted.class, registry), AvroSerde.of(NodeHeartbeat.class, registry),
                AvroSerde.of(TaskReport.class, registry), AvroSerde.of(PlacementDecision.class, registry),
                AvroSerde.of(DeadLetter.class, registry), AvroSerde.of(PlannerJobState.class, registry),
                AvroSerde.of(CapacityForecast.class, registry), AvroSerde.of(JobClass.class, registry),
                AvroSerde.of(ClassPlan.class, registry), AvroSerde.of(JobProfile.class, registry),
                AvroSerde.of(JobAdmission.class, registry), AvroSerde.of(DataPlacement.class, registry),
                AvroSerde.of(JobEvent.class, registry), AvroSerde.of(PlannerNodeState.class, registry),
                AvroSerde.of(CellStatus.class, registry), AvroSerde.of(JobRoute.class, registry));
    }
}
