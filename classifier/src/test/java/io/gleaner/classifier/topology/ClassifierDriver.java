package io.gleaner.classifier.topology;

import static io.gleaner.classifier.topology.ClassifierFixtures.succeeded;

import io.gleaner.classifier.ClassifierApp;
import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The classifier's whole topology on a {@link TopologyTestDriver}, built as {@link ClassifierApp} builds it, with its
 * input topics (jobs, heartbeats, reports), output topics (profiles, dead letters) and stores, over an in-memory
 * schema registry. Every {@code send} pipes a record at its own event time. Close it after each test.
 */
final class ClassifierDriver implements AutoCloseable {

    /** The topic prefix of {@link #config}. */
    static final String TOPIC_PREFIX = "test.";

    private final Topics topics;
    private final ClassifierSerdes serdes = ClassifierSerdes.with(new InMemorySchemaRegistryClient());
    private final TopologyTestDriver driver;
    private final TestInputTopic<String, JobSubmitted> jobs;
    private final TestInputTopic<String, NodeHeartbeat> heartbeats;
    private final TestInputTopic<String, TaskReport> reports;
    private final TestOutputTopic<String, JobProfile> profiles;
    private final TestOutputTopic<String, DeadLetter> deadLetters;

    /** Builds the topology of {@code config} (its topics, retentions and streams properties) on a new driver. */
    ClassifierDriver(ClassifierConfig config) {
        topics = config.topics();
        driver = new TopologyTestDriver(ClassifierTopology.build(topics, serdes, config),
                config.streamsProperties());
        var keys = new StringSerializer();
        jobs = driver.createInputTopic(topics.jobsSubmitted().name(), keys, serdes.jobSubmitted().serializer());
        heartbeats = driver.createInputTopic(topics.nodesHeartbeats().name(), keys,
                serdes.nodeHeartbeat().serializer());
        reports = driver.createInputTopic(topics.tasksReports().name(), keys, serdes.taskReport().serializer());
        profiles = driver.createOutputTopic(topics.jobsProfiles().name(), new StringDeserializer(),
                serdes.jobProfile().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), new StringDeserializer(),
                serdes.deadLetter().deserializer());
    }

    /** The default config with its state in {@code stateDir} and topics under {@link #TOPIC_PREFIX}. */
    static ClassifierConfig config(Path stateDir) {
        return ClassifierConfig.defaults().withStage(s -> s.withStateDir(stateDir).withTopicPrefix(TOPIC_PREFIX));
    }

    Topics topics() {
        return topics;
    }

    ClassifierSerdes serdes() {
        return serdes;
    }

    /** The underlying driver, for topics and stores a single test needs. */
    TopologyTestDriver testDriver() {
        return driver;
    }

    TestInputTopic<String, JobSubmitted> jobs() {
        return jobs;
    }

    TestOutputTopic<String, JobProfile> profiles() {
        return profiles;
    }

    TestOutputTopic<String, DeadLetter> deadLetters() {
        return deadLetters;
    }

    /** The store {@link ClassifierStores#JOBS}. */
    KeyValueStore<String, JobEntry> jobStore() {
        return driver.getKeyValueStore(ClassifierStores.JOBS);
    }

    /** The store {@link ClassifierStores#PROGRESS}. */
    KeyValueStore<String, ProfilingProgress> progress() {
        return driver.getKeyValueStore(ClassifierStores.PROGRESS);
    }

    /** The store {@link ClassifierStores#RUNS}. */
    KeyValueStore<String, TaskSample> runs() {
        return driver.getKeyValueStore(ClassifierStores.RUNS);
    }

    /** Pipes a submission keyed by its job id at its submit time. */
    void send(JobSubmitted job) {
        jobs.pipeInput(job.getJobId(), job, job.getSubmitTime());
    }

    /** Pipes a heartbeat keyed by its node id at its time. */
    void send(NodeHeartbeat heartbeat) {
        heartbeats.pipeInput(heartbeat.getNodeId(), heartbeat, heartbeat.getTime());
    }

    /** Pipes a report keyed by its job id at its time. */
    void send(TaskReport report) {
        reports.pipeInput(report.getJobId(), report, report.getTime());
    }

    /** A success of the job's map {@code index} that ran on n1 for 10 s up to {@code second}. */
    void mapSucceeded(String jobId, int index, double second) {
        send(succeeded(jobId, TaskKind.MAP, index, "n1", second - 10, second, 100));
    }

    /** Every entry of {@code store}, in the store's key order. */
    static <V> List<KeyValue<String, V>> entries(KeyValueStore<String, V> store) {
        var entries = new ArrayList<KeyValue<String, V>>();
        try (var it = store.all()) {
            it.forEachRemaining(entries::add);
        }
        return entries;
    }

    /** The keys of the {@link ClassifierStores#RUNS} store, in key order. */
    List<String> runKeys() {
        return entries(runs()).stream().map(entry -> entry.key).toList();
    }

    @Override
    public void close() {
        driver.close();
    }
}
