package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.bitbrains.BitbrainsDirectoryReader;
import io.gleaner.ingest.replay.TracePosition;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.serde.WireFormat;
import io.gleaner.schemas.testing.TestKafka;
import io.gleaner.simulator.ClusterPresets;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.workload.DeadlineAssignment;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gleaner replay} against a real broker: formats to their topics, resume, a refused resume, and jobs given
 * goals on the way.
 */
@Tag("integration")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ReplayCommandIT {

    private static TestKafka cluster;

    @BeforeAll
    static void startBroker() {
        cluster = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** Runs {@code gleaner replay} on the test's broker under a topic prefix of the test's own. */
    private static Execution replay(String prefix, String... args) {
        return Execution.execute(Stream.concat(Stream.of("replay", "--bootstrap-servers", cluster.bootstrapServers(),
                "--topic-prefix", prefix, "--speed", "max"), Stream.of(args)).toArray(String[]::new));
    }

    private static String prefix(TestInfo test) {
        return "it." + test.getTestMethod().orElseThrow().getName() + ".";
    }

    @Test
    void shouldPutGoogleTaskEventsOfADirectoryOnJobsAndReportsAndResumeWithNothingLeft(TestInfo test,
            @TempDir Path dir) throws Exception {
        // Two parts of task_events in the published format (13 fields): job 1 submitted and scheduled, job 2
        // submitted; then job 1 finishes, and a row with an event type that does not exist.
        var parts = Files.createDirectory(dir.resolve("task_events"));
        Files.writeString(parts.resolve("part-00000-of-00002.csv"), String.join("\n",
                "600000000,,1,0,,0,user-a,2,9,0.0625,0.03,0.0001,0",
                "600500000,,1,0,42,1,user-a,2,9,0.0625,0.03,0.0001,0",
                "601000000,,2,0,,0,user-b,1,0,0.125,0.06,,0") + "\n");
        Files.writeString(parts.resolve("part-00001-of-00002.csv"), String.join("\n",
                "900000000,,1,0,42,4,user-a,2,9,0.0625,0.03,0.0001,0",
                "900000001,,2,0,42,12,user-b,1,0,0.125,0.06,,0") + "\n");
        var prefix = prefix(test);

        var first = replay(prefix, "--format", "google-task-events", "--trace", parts.toString());

        assertThat(first.exitCode()).as(first.err()).isZero();
        assertThat(first.out()).contains("replayed task_events (google-task-events")
                .contains("2 JobSubmitted to " + prefix + "jobs.submitted, 2 TaskReport to " + prefix + "tasks.reports")
                .contains("dead letters              1 to " + prefix + "deadletter");
        assertThat(records(prefix + "jobs.submitted")).extracting(ConsumerRecord::key)
                .containsExactly("1/0", "2/0");
        assertThat(records(prefix + "tasks.reports")).extracting(r -> header(r, TracePosition.POSITION_HEADER))
                .containsExactly("2", "4");
        var deadLetters = records(prefix + "deadletter");
        assertThat(deadLetters).singleElement().satisfies(r -> {
            assertThat(header(r, TracePosition.SOURCE_HEADER)).isEqualTo("task_events");
            assertThat(new String(r.value(), StandardCharsets.ISO_8859_1)).contains("part-00001-of-00002.csv");
        });

        var again = replay(prefix, "--format", "google-task-events", "--trace", parts.toString(), "--resume");

        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("skipped already replayed  5");
        assertThat(records(prefix + "jobs.submitted")).hasSize(2);
        assertThat(records(prefix + "tasks.reports")).hasSize(2);
        assertThat(records(prefix + "deadletter")).hasSize(1);
    }

    @Test
    void shouldResumeABitbrainsReplayCutShortAndRefuseToResumeWithOtherOptions(TestInfo test) throws Exception {
        var prefix = prefix(test);
        long samples;
        try (var excerpt = BitbrainsDirectoryReader.excerpt("")) {
            samples = excerpt.stream().filter(TraceRow.Parsed.class::isInstance).count();
        }

        var cut = replay(prefix, "--format", "bitbrains", "--limit", "3000");
        var otherSample = replay(prefix, "--format", "bitbrains", "--resume", "--sample", "0.5");
        var resumed = replay(prefix, "--format", "bitbrains", "--resume");

        assertThat(cut.exitCode()).as(cut.err()).isZero();
        assertThat(cut.out()).contains("sent                      3,000");
        assertThat(otherSample.exitCode()).isEqualTo(1);
        assertThat(otherSample.err()).contains("cannot resume").contains("with replay id");
        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains("skipped already replayed  3,000")
                .contains(String.format("sent                      %,d", samples - 3000));
        var stored = records(prefix + "nodes.utilization");
        assertThat(stored).hasSize((int) samples);
        // Every position once: nothing was sent twice, nothing left out.
        assertThat(stored).extracting(r -> Long.parseLong(header(r, TracePosition.POSITION_HEADER)))
                .doesNotHaveDuplicates().hasSize((int) samples)
                .allSatisfy(position -> assertThat(position).isBetween(1L, samples));
    }

    @Test
    void shouldStopAtAGzipThatBreaksPartWayNamingItAndResumeWithNothingLostOrDoubled(TestInfo test,
            @TempDir Path dir) throws Exception {
        // A directory of task_events: 3 submits, then a part of 4,000 whose gzip is cut in half. Its first 64 KiB
        // decompress, so the check before the replay passes it; the replay breaks inside it.
        var parts = Files.createDirectory(dir.resolve("task_events"));
        Files.writeString(parts.resolve("part-00000-of-00002.csv"), submits(1, 3));
        var whole = gzip(submits(1_000, 4_000));
        var second = parts.resolve("part-00001-of-00002.csv.gz");
        Files.write(second, Arrays.copyOf(whole, whole.length / 2));
        var prefix = prefix(test);

        var broken = replay(prefix, "--format", "google-task-events", "--trace", parts.toString());

        assertThat(broken.exitCode()).isEqualTo(1);
        assertThat(broken.err()).contains("gleaner replay: reading part-00001-of-00002.csv.gz after line ")
                .contains("Unexpected end of ZLIB input stream")
                .contains("run the same command with --resume to send the rest");
        int sentBefore = records(prefix + "jobs.submitted").size();
        assertThat(sentBefore).as("sent before the break").isGreaterThan(3).isLessThan(3 + 4_000);

        Files.write(second, whole);
        var resumed = replay(prefix, "--format", "google-task-events", "--trace", parts.toString(), "--resume");

        assertThat(resumed.exitCode()).as(resumed.err()).isZero();
        assertThat(resumed.out()).contains(String.format("skipped already replayed  %,d", sentBefore));
        var stored = records(prefix + "jobs.submitted");
        assertThat(stored).extracting(ConsumerRecord::key).doesNotHaveDuplicates().hasSize(3 + 4_000);
        assertThat(stored).extracting(r -> Long.parseLong(header(r, TracePosition.POSITION_HEADER)))
                .doesNotHaveDuplicates().allSatisfy(position -> assertThat(position).isBetween(1L, 3L + 4_000));
    }

    @Test
    void shouldGiveEachReplayedJobTheDeadlineOfTheAssignmentAndMakeOtherGoalsAnotherReplay(TestInfo test)
            throws Exception {
        var prefix = prefix(test);
        // The rule evaluate applies: factors 1.5..3 drawn by seed 7 and the job id, stand-alone times on pc1.
        var rule = new DeadlineAssignment(1.5, 3, 7, ClusterPresets.resolve("pc1"),
                SimulationSettings.DEFAULT_HEARTBEAT_PERIOD);
        var expected = new LinkedHashMap<String, Instant>();
        try (var trace = SwimTraceReader.fb2009(SwimJobRule.defaults(), 20)) {
            trace.forEachRemaining(row -> {
                if (row instanceof TraceRow.Parsed<JobSubmitted> parsed
                        && EventMapping.job(parsed.value()) instanceof Checked.Valid<Job> job) {
                    expected.put(job.value().jobId(), rule.assign(job.value()).deadline().orElseThrow());
                }
            });
        }

        var withGoals = replay(prefix, "--jobs", "20", "--deadline-factor", "1.5..3", "--cluster", "pc1",
                "--seed", "7");
        var again = replay(prefix, "--jobs", "20", "--deadline-factor", "1.5..3", "--cluster", "pc1", "--seed", "7",
                "--resume");
        var otherGoals = replay(prefix, "--jobs", "20", "--deadline-factor", "1.5..3", "--cluster", "coshh-table3",
                "--seed", "7", "--resume");

        assertThat(withGoals.exitCode()).as(withGoals.err()).isZero();
        assertThat(withGoals.out()).contains("sent                      20 (20 JobSubmitted")
                .contains("deadlines                 submission + 1.5..3.0 x stand-alone time on pc1 (seed 7)");
        var submitted = records(prefix + "jobs.submitted").stream()
                .map(r -> Map.entry(r.key(), decode(r.value()))).toList();
        assertThat(submitted).hasSize(20).allSatisfy(job -> {
            assertThat(job.getValue().getJobId()).isEqualTo(job.getKey());
            assertThat(job.getValue().getDeadline()).as(job.getKey()).isEqualTo(expected.get(job.getKey()));
            assertThat(job.getValue().getDeadline()).isAfter(job.getValue().getSubmitTime());
        });
        assertThat(again.exitCode()).as(again.err()).isZero();
        assertThat(again.out()).contains("skipped already replayed  20");
        // Goals on another cluster are another replay: its id is not the one on the topic.
        assertThat(otherGoals.exitCode()).isEqualTo(1);
        assertThat(otherGoals.err()).contains("cannot resume").contains("with replay id");
    }

    /** A {@code jobs.submitted} value: the wire format's body, written with the class's own schema. */
    private static JobSubmitted decode(byte[] value) {
        try {
            return new SpecificDatumReader<>(JobSubmitted.class).read(null,
                    DecoderFactory.get().binaryDecoder(WireFormat.decode(value).body(), null));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** task_events rows (13 fields) submitting jobs {@code first} to {@code first + count - 1}, a second apart. */
    private static String submits(int first, int count) {
        var rows = new StringBuilder();
        for (int job = first; job < first + count; job++) {
            rows.append(600_000_000L + 1_000_000L * job).append(",,").append(job)
                    .append(",0,,0,user-a,2,9,0.0625,0.03,0.0001,0\n");
        }
        return rows.toString();
    }

    private static byte[] gzip(String text) throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }

    /** Every record of a topic, partition by partition. */
    private static List<ConsumerRecord<String, byte[]>> records(String topic) {
        var all = new ArrayList<ConsumerRecord<String, byte[]>>();
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new org.apache.kafka.common.serialization.StringDeserializer(), new ByteArrayDeserializer())) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            var ends = consumer.endOffsets(partitions);
            for (var partition : partitions) {
                consumer.assign(List.of(partition));
                consumer.seekToBeginning(List.of(partition));
                while (consumer.position(partition) < ends.get(partition)) {
                    consumer.poll(Duration.ofMillis(200)).forEach(all::add);
                }
            }
        }
        return all;
    }

    private static String header(ConsumerRecord<?, ?> record, String name) {
        var header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
