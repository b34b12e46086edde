package io.gleaner.classifier.topology;

import io.gleaner.classifier.ClassifierConfig;
import io.gleaner.classifier.profiles.ProfileRecords;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.runtime.DecodedSource;
import io.gleaner.runtime.EventTimeBound;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.Joined;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The classifier's job profiles as a Kafka Streams topology (seed 002 §3.2, seed 003 §3.3): successful task reports
 * become task runs, a job's runs become its run's profile when every task of the job has succeeded, and the run's
 * profile is merged into the profile of its job name, published on {@code jobs.profiles} (key job name). Every
 * operator, store and repartition topic is named ({@link ClassifierStores}).
 *
 * <p><b>Partitioning</b>, correct for any partition counts of the inputs (the catalogue gives them one partition
 * each today, for the planner; nothing here relies on it):
 * <ol>
 *   <li>{@code nodes.heartbeats} (keyed by node id) becomes a table of node types ({@link ClassifierStores#NODE_TYPES}).
 *       Successful reports are re-keyed by node id through {@link ClassifierStores#REPORTS_BY_NODE} and joined with it; the
 *       stream-table join makes Kafka Streams give that repartition topic as many partitions as
 *       {@code nodes.heartbeats} has, so a report meets its node's heartbeats in one task. (A global table would need
 *       no repartition, but a global store is filled by its own thread with no event-time order against the reports,
 *       so whether a report found its node would depend on timing.)</li>
 *   <li>{@code jobs.submitted} (keyed by job id) becomes a table of jobs ({@link ClassifierStores#JOBS}); reports with their
 *       node type are re-keyed by job id through {@link ClassifierStores#REPORTS_BY_JOB}, co-partitioned with it by the
 *       join, and collected per job ({@link RunCollector}), which shares the table's task and deletes its expired
 *       entries ({@link ProgressRetention}).</li>
 *   <li>A finished run's profile is re-keyed by job name through {@link ClassifierStores#RUN_PROFILES_BY_NAME}, so that
 *       every run of a name, whatever its job id's partition, is merged in one task ({@link ProfileMerger}, store
 *       {@link ClassifierStores#PROFILES}).</li>
 * </ol>
 *
 * <p><b>Ordering.</b> Within a task Kafka Streams processes its partitions in timestamp order, and timestamps are
 * event times: a heartbeat's time, a job's submit time, a report's time. A node heartbeats before it runs a task and
 * a job is submitted before its tasks end, so a report normally finds its node and its job. A report whose node has
 * sent no heartbeat, or whose job was never submitted or its entry has expired, by the time it is processed is a dead
 * letter naming the node or the job (rule: no buffering; the record is kept whole in the dead letter, so it can be
 * replayed).
 *
 * <p><b>Dead letters</b> (source topic, partition and offset of the original record, reason naming the value):
 * undecodable records of any input, invalid heartbeats, jobs and SUCCEEDED reports ({@link Inputs}), reports of an
 * unknown node or job, and task indexes outside the job's tasks. Reports that are not SUCCEEDED are valid and no
 * sample: skipped.
 */
public final class ClassifierTopology {

    /** The stage name recorded in dead letters. */
    public static final String STAGE = "classifier";

    private static final Logger log = LoggerFactory.getLogger(ClassifierTopology.class);

    private ClassifierTopology() {
    }

    /** The topology; it never creates {@code KafkaStreams} (see {@code ClassifierApp}). */
    public static Topology build(Topics topics, ClassifierSerdes serdes, ClassifierConfig config) {
        var builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(config.streamsProperties())));
        var deadLetters = new ArrayList<KStream<String, DeadLetter>>();
        var profileSerde = ClassifierRecords.profileSerde(serdes.jobProfile());
        var envelopeSerde = ReportEnvelope.serde();
        var bound = config.stage().eventTimeBound();
        var jobEntrySerde = JobEntry.serde();

        var nodeTypes = checked(builder, topics.nodesHeartbeats(), serdes.nodeHeartbeat(), NodeHeartbeat::getTime,
                bound, "heartbeats", Inputs::heartbeat, deadLetters)
                .toTable(Named.as("node-types-table"), Materialized.<String, String, KeyValueStore<Bytes, byte[]>>as(
                        ClassifierStores.NODE_TYPES).withKeySerde(Serdes.String()).withValueSerde(Serdes.String()));
        var jobs = checked(builder, topics.jobsSubmitted(), serdes.jobSubmitted(), JobSubmitted::getSubmitTime,
                bound, "jobs", Inputs::job, deadLetters)
                .processValues(JobStamper::new, Named.as("stamp-jobs"))
                .toTable(Named.as("jobs-table"), Materialized.<String, JobEntry, KeyValueStore<Bytes, byte[]>>as(
                        ClassifierStores.JOBS).withKeySerde(Serdes.String()).withValueSerde(jobEntrySerde));

        var withNodeType = routed(checked(builder, topics.tasksReports(), serdes.taskReport(), TaskReport::getTime,
                bound, "reports", Inputs::report, deadLetters)
                .selectKey((key, report) -> report.nodeId(), Named.as("reports-by-node-key"))
                .repartition(Repartitioned.<String, ReportEnvelope>as(ClassifierStores.REPORTS_BY_NODE)
                        .withKeySerde(Serdes.String()).withValueSerde(envelopeSerde))
                .leftJoin(nodeTypes, (report, nodeType) -> nodeType == null
                                ? Routed.<ReportEnvelope>dead(report.origin().deadLetter("node '" + report.nodeId()
                                        + "' of " + report.task() + " has sent no heartbeat"))
                                : Routed.of(report.withNodeType(nodeType)),
                        Joined.<String, ReportEnvelope, String>with(Serdes.String(), envelopeSerde, Serdes.String())
                                .withName("join-node-types")),
                "node-types", deadLetters);

        var withJob = routed(withNodeType
                .selectKey((key, report) -> report.jobId(), Named.as("reports-by-job-key"))
                .repartition(Repartitioned.<String, ReportEnvelope>as(ClassifierStores.REPORTS_BY_JOB)
                        .withKeySerde(Serdes.String()).withValueSerde(envelopeSerde))
                .leftJoin(jobs, (report, job) -> job == null
                                ? Routed.<JobReport>dead(report.origin().deadLetter("job '" + report.jobId()
                                        + "' of " + report.task() + " is unknown: never submitted, or its entry "
                                        + "expired"))
                                : Routed.of(new JobReport(report, job)),
                        Joined.<String, ReportEnvelope, JobEntry>with(Serdes.String(), envelopeSerde, jobEntrySerde)
                                .withName("join-jobs")),
                "jobs-joined", deadLetters);

        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ClassifierStores.RUNS),
                Serdes.String(), TaskSample.serde()));
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ClassifierStores.PROGRESS),
                Serdes.String(), ProfilingProgress.serde()));
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ClassifierStores.PROFILES),
                Serdes.String(), profileSerde));

        var retention = new ProgressRetention(config.profiledRetention(), config.unfinishedRetention());
        var runProfiles = routed(withJob.process(() -> new RunCollector(retention), Named.as("collect-runs"),
                ClassifierStores.RUNS, ClassifierStores.PROGRESS, ClassifierStores.JOBS), "runs", deadLetters);
        runProfiles
                .repartition(Repartitioned.<String, io.gleaner.classifier.estimate.JobProfile>as(
                        ClassifierStores.RUN_PROFILES_BY_NAME).withKeySerde(Serdes.String()).withValueSerde(profileSerde))
                .processValues(ProfileMerger::new, Named.as("merge-profiles"), ClassifierStores.PROFILES)
                .mapValues(ProfileRecords::toAvro, Named.as("profile-values"))
                .to(topics.jobsProfiles().name(),
                        Produced.with(Serdes.String(), serdes.jobProfile()).withName("profiles-sink"));

        var allDead = deadLetters.get(0);
        for (int i = 1; i < deadLetters.size(); i++) {
            allDead = allDead.merge(deadLetters.get(i), Named.as("dead-letters-" + i));
        }
        allDead.to(topics.deadLetters().name(),
                Produced.with(Serdes.String(), serdes.deadLetter()).withName("dead-letters-sink"));
        return builder.build();
    }

    /**
     * The input {@code topic} decoded (event time from {@code eventTime}) and checked; its dead letters are added to
     * {@code deadLetters}, the checked values returned.
     */
    private static <V, R> KStream<String, R> checked(StreamsBuilder builder, Topic<String, V> topic, Serde<V> serde,
                                                     Function<V, Instant> eventTime, EventTimeBound bound,
                                                     String name, CheckValues.Input<V, R> input,
                                                     List<KStream<String, DeadLetter>> deadLetters) {
        var decoded = DecodedSource.stream(builder, topic, serde, eventTime, bound, name, STAGE)
                .processValues(new CheckValues<>(topic.name(), input), Named.as("check-" + name));
        return routed(decoded, name, deadLetters);
    }

    /** The values of {@code stream}; its dead letters are added to {@code deadLetters}. */
    private static <V> KStream<String, V> routed(KStream<String, Routed<V>> stream, String name,
                                                 List<KStream<String, DeadLetter>> deadLetters) {
        Map<String, KStream<String, Routed<V>>> branches = stream.split(Named.as(name + "-"))
                .branch((key, value) -> value.isDeadLetter(), Branched.as("dead"))
                .defaultBranch(Branched.as("ok"));
        deadLetters.add(branches.get(name + "-dead").mapValues(Routed::deadLetter, Named.as(name + "-dead-letters")));
        return branches.get(name + "-ok").mapValues(Routed::value, Named.as(name + "-values"));
    }

    static void logDeadLetter(DeadLetter deadLetter) {
        log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                deadLetter.getPartition(), deadLetter.getOffset(), deadLetter.getReason());
    }
}
