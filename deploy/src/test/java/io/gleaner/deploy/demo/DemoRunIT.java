package io.gleaner.deploy.demo;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.qos.core.QosMode;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.JobAdmission;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.SimulatorApp;
import io.gleaner.simulator.core.NodeSpec;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.OwnerSample;
import io.gleaner.simulator.core.SimulationProgress;
import io.gleaner.simulator.core.SimulationSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link DemoRun} end to end on a real broker with the embedded registry: the FB-2009 jobs go through the planner's
 * Kafka Streams app to the simulated cluster, every task attempt is placed once, the run equals the in-process run
 * of the same trace and seed, and what lands on {@code placements} is plain Confluent-framed Avro.
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DemoRunIT {

    private static final long SEED = 42;

    private static TestKafka kafka;

    private EmbeddedSchemaRegistry registry;
    private Topics topics;

    @BeforeAll
    static void startKafka() {
        kafka = TestKafka.start();
    }

    @AfterAll
    static void stopKafka() throws Exception {
        if (kafka != null) {
            kafka.close();
        }
    }

    @BeforeEach
    void startRegistry(TestInfo test) {
        topics = Topics.withPrefix("it." + test.getTestMethod().orElseThrow().getName() + ".");
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(kafka.bootstrapServers())
                .withTopic(EmbeddedSchemaRegistryConfig.topicFor(topics))).start();
    }

    @AfterEach
    void stopRegistry() {
        if (registry != null) {
            registry.close();
        }
    }

    @Test
    void shouldCompleteEveryJobAndPlaceEachTaskAttemptExactlyOnce(@TempDir Path stateDir) {
        var jobs = DemoFixtures.fb2009(50);
        var progress = new ArrayList<SimulationProgress>();

        var outcome = demo(stateDir).run(settings(50), progress::add);

        var report = outcome.report();
        assertThat(report.jobsSubmitted()).isEqualTo(50);
        assertThat(report.jobsCompleted()).isEqualTo(50);
        assertThat(report.unfinishedJobs()).isEmpty();
        assertThat(progress).hasSize((int) report.rounds());
        // No attempt can fail here: the planner places only on capacity the round's heartbeat showed free, and the
        // simulator applies the placements at that same grid time, before any event at it, so every one fits; the
        // simulated cluster kills nothing. Hence exactly one attempt per task, attempt number 0.
        assertThat(report.counts().failedAttempts()).isZero();
        assertThat(report.counts().killedAttempts()).isZero();
        assertThat(report.counts().duplicateDecisions()).isZero();
        assertThat(report.counts().decisions()).isEqualTo(report.counts().tasks()).isEqualTo(report.counts().attempts());

        var decoder = new AvroDeserializer<>(PlacementDecision.class, client());
        var placements = DemoFixtures.readCommitted(kafka.bootstrapServers(), topics.placements().name());
        var ids = placements.stream().map(r -> decoder.deserialize(r.topic(), r.value()).getDecisionId()).toList();
        assertThat(ids).as("decision ids on %s", topics.placements().name())
                .doesNotHaveDuplicates()
                .hasSize((int) report.counts().decisions())
                .hasSize((int) report.counts().tasks())
                .containsExactlyInAnyOrderElementsOf(DemoFixtures.firstAttemptIds(jobs));
        assertThat(outcome.records(topics.placements().name())).isEqualTo(placements.size());
        assertThat(outcome.records(topics.jobsSubmitted().name())).isEqualTo(50);
        assertThat(outcome.deadLetteredRows()).isZero();
        assertThat(outcome.records(topics.deadLetters().name())).isZero();

        // The classifier ran beside the lockstep: one merged profile published per completed run, and for each job
        // name the last one merges every run of that name with all their maps.
        assertThat(outcome.records(topics.jobsProfiles().name())).isEqualTo(DemoRun.expectedProfiles(jobs, report))
                .isEqualTo(50);
        var profileDecoder = new AvroDeserializer<>(JobProfile.class, client());
        var lastByName = new java.util.HashMap<String, JobProfile>();
        for (var record : DemoFixtures.readCommitted(kafka.bootstrapServers(), topics.jobsProfiles().name())) {
            var profile = profileDecoder.deserialize(record.topic(), record.value());
            assertThat(record.key()).isEqualTo(profile.getJobName());
            lastByName.merge(profile.getJobName(), profile, (a, b) -> b.getRuns() > a.getRuns() ? b : a);
        }
        var runsByName = jobs.stream().collect(java.util.stream.Collectors.groupingBy(
                io.gleaner.planner.core.Job::jobName, java.util.stream.Collectors.counting()));
        assertThat(lastByName.values()).allSatisfy(p ->
                assertThat((long) p.getRuns()).isEqualTo(runsByName.get(p.getJobName())));
        assertThat(lastByName.values().stream().mapToLong(JobProfile::getMapCount).sum())
                .isEqualTo(jobs.stream().mapToLong(j -> j.count(io.gleaner.planner.core.TaskKind.MAP)).sum());

        var inProcess = SimulatorApp.runInProcess(ClusterPresets.resolve(ClusterPresets.DEFAULT), jobs,
                PolicyName.FIFO, SimulationSettings.withSeed(SEED), p -> { });
        assertThat(report.decisionDigest()).isEqualTo(inProcess.decisionDigest());
        assertThat(report.withoutPlannerCpu()).isEqualTo(inProcess.withoutPlannerCpu());
    }

    @Test
    void shouldDecodeAPlacementWithAStockAvroReaderAndTheSchemaFromTheRegistryById(@TempDir Path stateDir)
            throws Exception {
        var outcome = demo(stateDir).run(settings(5), p -> { });
        assertThat(outcome.report().jobsCompleted()).isEqualTo(5);

        var record = DemoFixtures.readCommitted(kafka.bootstrapServers(), topics.placements().name()).get(0);
        byte[] bytes = record.value();
        // Confluent wire format: magic byte 0, the schema id as a 4-byte big-endian int, then the Avro binary body.
        assertThat(bytes[0]).as("magic byte").isZero();
        int schemaId = ByteBuffer.wrap(bytes, 1, 4).getInt();
        var response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(registry.url() + "/schemas/ids/" + schemaId)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        var writerSchema = new Schema.Parser().parse(new ObjectMapper().readTree(response.body()).get("schema").asText());
        var decoder = DecoderFactory.get().binaryDecoder(bytes, 5, bytes.length - 5, null);
        GenericRecord decision = new GenericDatumReader<GenericRecord>(writerSchema).read(null, decoder);

        assertThat(decoder.isEnd()).as("the body holds exactly one record").isTrue();
        assertThat(writerSchema.getFullName()).isEqualTo(PlacementDecision.getClassSchema().getFullName());
        var decisionId = decision.get("decisionId").toString();
        assertThat(decisionId).matches("job\\d+/[mr]/\\d+/\\d+");
        var kindLetter = "MAP".equals(decision.get("kind").toString()) ? "m" : "r";
        assertThat(decisionId).isEqualTo(decision.get("jobId") + "/" + kindLetter + "/" + decision.get("taskIndex")
                + "/" + decision.get("attempt"));
        assertThat(decision.get("nodeId").toString()).isEqualTo(record.key());
        assertThat(decision.get("policy").toString()).isEqualTo("fifo");
        assertThat(schemaId).isEqualTo(client().latest(topics.placements().name() + "-value").id());
    }

    @Test
    void shouldRunSalamanderBesideTheQosStageAndAnswerEveryJobOnTheAdmissionsTopic(@TempDir Path stateDir) {
        var settings = new DemoSettings(10, SEED, ClusterPresets.DEFAULT, SwimTraceReader.FB_2009,
                PolicyName.SALAMANDER, SimulationSettings.DEFAULT_HEARTBEAT_PERIOD,
                DemoSettings.DEFAULT_COMMIT_INTERVAL_MS, job -> job, List.of(), DemoSettings.NO_OWNERS,
                Optional.of(QosMode.SALAMANDER));

        var outcome = demo(stateDir).run(settings, p -> { });

        var report = outcome.report();
        assertThat(report.jobsCompleted()).isEqualTo(10);
        assertThat(report.qos().mode()).isEqualTo("salamander");
        assertThat(report.counts().remoteMapAttempts()).as("maps read where their chunk was or was copied").isZero();
        var admissions = DemoFixtures.readCommitted(kafka.bootstrapServers(), topics.jobsAdmissions().name());
        var accepted = admissions.stream().map(ConsumerRecord::key).distinct().toList();
        assertThat(accepted).hasSize(10);
        var decoded = AvroSerde.of(JobAdmission.class, client()).deserializer()
                .deserialize(topics.jobsAdmissions().name(), admissions.get(0).value());
        assertThat(decoded.getJobId()).isEqualTo(admissions.get(0).key());
        assertThat(decoded.getAccepted()).isTrue();
        assertThat(decoded.getEstimatedCompletion()).isAfter(decoded.getTime());
        assertThat(outcome.recordsByTopic()).containsKey(topics.qosActions().name());
    }

    @Test
    void shouldWarmTheForecasterUpOnTheOwnersUseBeforeTheRun(@TempDir Path stateDir) {
        var jobs = DemoFixtures.fb2009(5);
        var first = jobs.stream().map(Job::submitTime).min(Instant::compareTo).orElseThrow();
        var nodes = ClusterPresets.resolve(ClusterPresets.DEFAULT).nodes().stream().map(NodeSpec::nodeId).toList();
        // A day of the owners' use at 5-minute steps before the first submission, as the demo sends, then the same
        // use on.
        Function<String, List<OwnerSample>> before = node -> IntStream.range(0, 288)
                .mapToObj(i -> new OwnerSample(first.minus(Duration.ofMinutes(5L * (288 - i))), 0.3, 0.4)).toList();
        var owners = new OwnerLoad(
                nodes.stream().collect(Collectors.toMap(n -> n, n -> List.of(new OwnerSample(first, 0.3, 0.4)))),
                nodes.stream().collect(Collectors.toMap(n -> n, before)));
        var settings = new DemoSettings(5, SEED, ClusterPresets.DEFAULT, SwimTraceReader.FB_2009, PolicyName.FIFO,
                SimulationSettings.DEFAULT_HEARTBEAT_PERIOD, DemoSettings.DEFAULT_COMMIT_INTERVAL_MS, job -> job,
                List.of(), (cluster, trace) -> seed -> owners, Optional.empty());

        var outcome = demo(stateDir).run(settings, p -> { });

        assertThat(outcome.report().jobsCompleted()).isEqualTo(5);
        assertThat(outcome.records(topics.deadLetters().name())).isZero();
        // The run ends before the first hourly refit boundary after its start, so every forecast it leaves comes
        // from the history: without it there would be none. The topic is compacted, and its cleaner may run during
        // the test (2009 records and today's commit markers are more than segment.ms apart, so the first segment
        // rolls at the first commit): a series' newest forecast is what it must keep.
        var nextBoundary = first.truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(1));
        assertThat(outcome.report().endTime()).isBefore(nextBoundary);
        var decoder = new AvroDeserializer<>(CapacityForecast.class, client());
        var warmedUp = DemoFixtures.readCommitted(kafka.bootstrapServers(), topics.forecasts().name()).stream()
                .map(record -> decoder.deserialize(record.topic(), record.value()))
                .filter(forecast -> forecast.getIssuedAt().isBefore(first))
                .collect(Collectors.groupingBy(CapacityForecast::getNodeId,
                        Collectors.mapping(forecast -> forecast.getMetric().toString(), Collectors.toSet())));
        assertThat(warmedUp).containsOnlyKeys(nodes)
                .allSatisfy((node, metrics) -> assertThat(metrics).containsExactlyInAnyOrder("CPU", "MEMORY"));
    }

    private DemoRun demo(Path stateDir) {
        return new DemoRun(kafka.bootstrapServers(), Map.of(), topics, RegistryConfig.of(registry.url()), client(),
                stateDir);
    }

    private RestSchemaRegistryClient client() {
        return new RestSchemaRegistryClient(RegistryConfig.of(registry.url()));
    }

    private static DemoSettings settings(int jobs) {
        return new DemoSettings(jobs, SEED, ClusterPresets.DEFAULT, SwimTraceReader.FB_2009, PolicyName.FIFO,
                SimulationSettings.DEFAULT_HEARTBEAT_PERIOD, DemoSettings.DEFAULT_COMMIT_INTERVAL_MS);
    }
}
