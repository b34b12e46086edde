package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.ingest.bitbrains.BitbrainsDirectoryReader;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.ForwardingTraceReader;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidatingReader;
import io.gleaner.ingest.validation.ValidationRule;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerde;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import io.gleaner.schemas.testing.TestKafka;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Resume through a real KRaft broker in this JVM: a replay interrupted (once by a crash that loses what the
 * producer still buffered, once by an interrupt) and resumed leaves the topics holding exactly what one
 * uninterrupted replay puts there: the same records, in the same order in every partition, none twice.
 */
@Tag("integration")
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ReplayResumeIT {

    /** Several partitions, so a crash leaves each partition at a different position. */
    private static final int RECORD_PARTITIONS = 4;
    private static final int DEAD_LETTER_PARTITIONS = 2;
    private static final int JOBS = 1500;
    /** A bad row after every this many jobs, so dead letters resume too. */
    private static final int BAD_EVERY = 100;

    private static TestKafka cluster;

    private final InMemorySchemaRegistryClient registry = new InMemorySchemaRegistryClient();
    private final AvroSerde<JobSubmitted> jobSerde = AvroSerde.of(JobSubmitted.class, registry);
    private final AvroSerde<DeadLetter> deadLetterSerde = AvroSerde.of(DeadLetter.class, registry);

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

    /** The record topic and the dead-letter topic of one replay. */
    private record Destination(String records, String deadLetters) {
    }

    /** What one partition holds, record by record, in offset order, compared byte for byte. */
    private record Stored(String key, String value, long timestamp, String source, String position) {
    }

    @Test
    void shouldHoldExactlyTheRecordsOfAnUninterruptedReplayAfterACrashAnInterruptAndTwoResumes(TestInfo test,
            @TempDir Path dir) throws Exception {
        var trace = traceWithBadRows(dir);
        var reference = createTopics(test, "reference");
        var resumed = createTopics(test, "resumed");

        var whole = replay(trace, reference, Resume.none(), Interruption.NONE);
        assertThat(whole.sent()).isEqualTo(JOBS);
        assertThat(whole.rejected()).isEqualTo(JOBS / BAD_EVERY);

        // 1. A crash after 400 records: the producers are closed at once, so what they buffered is lost and each
        //    partition stops at its own point.
        assertThatThrownBy(() -> replay(trace, resumed, Resume.none(), Interruption.crashAfter(400)))
                .hasMessage("crash after 400 records");
        assertThat(total(resumed.records())).isLessThanOrEqualTo(400);
        // 2. Resume, and interrupt the thread after 500 more records; the sinks close cleanly.
        assertThatThrownBy(() -> replay(trace, resumed, resume(resumed, trace), Interruption.interruptAfter(500)))
                .isInstanceOf(InterruptedException.class);
        // 3. Resume to the end.
        var last = replay(trace, resumed, resume(resumed, trace), Interruption.NONE);

        assertThat(last.skippedAsReplayed()).isPositive();
        assertThat(last.rows()).isEqualTo(whole.rows());
        for (int p = 0; p < RECORD_PARTITIONS; p++) {
            assertThat(stored(resumed.records(), p)).as("records in partition %d", p)
                    .containsExactlyElementsOf(stored(reference.records(), p));
        }
        for (int p = 0; p < DEAD_LETTER_PARTITIONS; p++) {
            assertThat(stored(resumed.deadLetters(), p)).as("dead letters in partition %d", p)
                    .containsExactlyElementsOf(stored(reference.deadLetters(), p));
        }
        assertThat(total(resumed.records())).isEqualTo(JOBS);
        assertThat(total(resumed.deadLetters())).isEqualTo(JOBS / BAD_EVERY);
    }

    @Test
    void shouldResumeAWindowedSampledValidatedUtilizationReplayExactly(TestInfo test) throws Exception {
        var reference = createTopics(test, "reference", 6, 1);
        var resumed = createTopics(test, "resumed", 6, 1);
        // The excerpt's ten VMs with every 40th sample sent twice (the validator rejects the second as a
        // DUPLICATE, which it can only do if it saw the first: after a resume too), one VM unknown to the
        // validator (UNKNOWN_HOST, dead letters keyed by node), 70 % of the nodes, hours 2 to 40.
        Trace<UtilizationSample> trace = () -> new EveryNthTwice<>(BitbrainsDirectoryReader.excerpt("vm-"), 40);
        var known = BitbrainsDirectoryReader.EXCERPT_VMS.stream().filter(vm -> !vm.equals("306"))
                .map(vm -> "vm-" + vm).collect(Collectors.toSet());
        var options = ReplayOptions.asFastAsPossible().withSampler(new KeySampler(0.7, 5))
                .withWindow(ReplayWindow.parse("2h", "40h"));
        var sampleSerializer = AvroSerde.of(UtilizationSample.class, registry).serializer();
        var validators = new ArrayList<SampleValidator>();
        UnaryOperator<TraceReader<UtilizationSample>> validate = rows -> {
            var validator = new SampleValidator(known);
            validators.add(validator);
            return ValidatingReader.of(rows, validator);
        };

        var whole = replay(trace, sampleSerializer, reference, Resume.none(), Interruption.NONE, options, validate);
        var wholeValidation = validators.get(0).summary();
        assertThatThrownBy(() -> replay(trace, sampleSerializer, resumed, Resume.none(), Interruption.crashAfter(2000),
                options, validate)).hasMessage("crash after 2000 records");
        var source = "bitbrains-rnd-excerpt";
        assertThatThrownBy(() -> replay(trace, sampleSerializer, resumed, resume(resumed, source),
                Interruption.interruptAfter(1500), options, validate)).isInstanceOf(InterruptedException.class);
        var last = replay(trace, sampleSerializer, resumed, resume(resumed, source), Interruption.NONE, options,
                validate);

        // The property holds only if every kind of row is there.
        assertThat(wholeValidation.rejected(ValidationRule.DUPLICATE)).isPositive();
        assertThat(wholeValidation.rejected(ValidationRule.UNKNOWN_HOST)).isPositive();
        assertThat(whole.skippedBySampling()).isPositive();
        assertThat(whole.skippedByWindow()).isPositive();
        assertThat(last.skippedAsReplayed()).isPositive();
        assertThat(validators.get(3).summary()).as("a resumed run validates what an uninterrupted one does")
                .isEqualTo(wholeValidation);
        for (int p = 0; p < 6; p++) {
            assertThat(stored(resumed.records(), p)).as("samples in partition %d", p)
                    .containsExactlyElementsOf(stored(reference.records(), p));
        }
        assertThat(stored(resumed.deadLetters(), 0)).containsExactlyElementsOf(stored(reference.deadLetters(), 0));
        assertThat(total(resumed.records())).isEqualTo(whole.sent());
        assertThat(total(resumed.deadLetters())).isEqualTo(whole.rejected());
    }

    @Test
    void shouldSendNothingWhenResumingAFinishedReplay(TestInfo test, @TempDir Path dir) throws Exception {
        var trace = traceWithBadRows(dir);
        var destination = createTopics(test, "finished");
        var whole = replay(trace, destination, Resume.none(), Interruption.NONE);

        var again = replay(trace, destination, resume(destination, trace), Interruption.NONE);

        assertThat(again.sent()).isZero();
        assertThat(again.rejected()).isZero();
        assertThat(again.skippedAsReplayed()).isEqualTo(whole.rows());
        assertThat(total(destination.records())).isEqualTo(JOBS);
    }

    @Test
    void shouldFindWhereAReplayStoppedBehindRecordsOfOtherWriters(TestInfo test, @TempDir Path dir) throws Exception {
        var trace = traceWithBadRows(dir);
        var destination = createTopics(test, "shared");
        replay(trace, destination, Resume.none(), Interruption.NONE);
        var expected = new HashMap<Integer, Long>();
        for (int p = 0; p < RECORD_PARTITIONS; p++) {
            var records = stored(destination.records(), p);
            if (!records.isEmpty()) {
                expected.put(p, Long.parseLong(records.get(records.size() - 1).position()));
            }
        }
        // Then 3,000 records of other writers, more than the first windows read back from the end: some
        // without headers, some from another trace with higher positions.
        try (var producer = new KafkaProducer<>(Map.<String, Object>of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()),
                new StringSerializer(), new ByteArraySerializer())) {
            for (int i = 0; i < 3000; i++) {
                var record = new ProducerRecord<String, byte[]>(destination.records(), i % RECORD_PARTITIONS,
                        "other" + i, new byte[] {1});
                if (i % 2 == 0) {
                    record.headers().add(new RecordHeader(TracePosition.SOURCE_HEADER,
                            "another.tsv".getBytes(StandardCharsets.UTF_8)));
                    record.headers().add(new RecordHeader(TracePosition.POSITION_HEADER,
                            "999999".getBytes(StandardCharsets.US_ASCII)));
                }
                producer.send(record);
            }
        }

        var positions = KafkaReplayedPositions.read(clientConfig(), destination.records(), trace.getFileName().toString());

        assertThat(positions).as("end offsets %s", endOffsets(destination.records())).isEqualTo(new PartitionPositions(trace.getFileName().toString(), RECORD_PARTITIONS, expected));
        assertThat(expected).hasSize(RECORD_PARTITIONS);
    }

    @Test
    void shouldRefuseToResumeAReplayThatRanWithAnotherReplayId(TestInfo test, @TempDir Path dir) throws Exception {
        var trace = traceWithBadRows(dir);
        var destination = createTopics(test, "other-options");
        try (var rows = SwimTraceReader.open(trace, SwimJobRule.defaults(), 50);
             var records = new KafkaRecordSink<>(destination.records(), producer(jobSerde.serializer()), "id-a");
             var deadLetters = new KafkaRecordSink<>(destination.deadLetters(),
                     producer(deadLetterSerde.serializer()), "id-a")) {
            new Replayer<>(records, deadLetters, new WallClockPacer(), ReplayOptions.asFastAsPossible())
                    .replay(rows, progress -> { });
        }
        var source = trace.getFileName().toString();

        assertThat(KafkaReplayedPositions.read(clientConfig(), destination.records(), source, "id-a").lastPositions())
                .isNotEmpty();
        assertThatThrownBy(() -> KafkaReplayedPositions.read(clientConfig(), destination.records(), source, "id-b"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("holds a replay of " + source + " with replay id id-a")
                .hasMessageContaining("this replay's options give replay id id-b");
    }

    /** How a replay is cut short. */
    private record Interruption(long afterRecords, boolean crash) {
        static final Interruption NONE = new Interruption(Long.MAX_VALUE, false);

        static Interruption crashAfter(long records) {
            return new Interruption(records, true);
        }

        static Interruption interruptAfter(long records) {
            return new Interruption(records, false);
        }
    }

    /** Replays the trace onto the destination through real producers, cut short as told. */
    private ReplaySummary replay(Path trace, Destination destination, Resume resume, Interruption interruption)
            throws Exception {
        return replay(() -> SwimTraceReader.open(trace, SwimJobRule.defaults(), Long.MAX_VALUE), jobSerde.serializer(),
                destination, resume, interruption, ReplayOptions.asFastAsPossible(), UnaryOperator.identity());
    }

    /** Opens the trace for one replay. */
    private interface Trace<V> {
        TraceReader<V> open() throws IOException;
    }

    private <V> ReplaySummary replay(Trace<V> trace, Serializer<V> serializer, Destination destination,
            Resume resume, Interruption interruption, ReplayOptions options, UnaryOperator<TraceReader<V>> check)
            throws Exception {
        var recordProducer = producer(serializer);
        var deadLetterProducer = producer(deadLetterSerde.serializer());
        try (var rows = trace.open();
             var records = new KafkaRecordSink<>(destination.records(), recordProducer);
             var deadLetters = new KafkaRecordSink<>(destination.deadLetters(), deadLetterProducer)) {
            RecordSink<V> sink = new RecordSink<>() {
                private long sent;

                @Override
                public void send(String key, V value, Instant timestamp, TracePosition from) {
                    if (sent == interruption.afterRecords()) {
                        if (interruption.crash()) {
                            recordProducer.close(Duration.ZERO);
                            deadLetterProducer.close(Duration.ZERO);
                            throw new IllegalStateException("crash after " + sent + " records");
                        }
                        Thread.currentThread().interrupt();
                    }
                    records.send(key, value, timestamp, from);
                    sent++;
                }

                @Override
                public void flush() {
                    records.flush();
                }
            };
            try {
                return new Replayer<>(sink, deadLetters, new WallClockPacer(), options).withCheck(check)
                        .replay(rows, resume, progress -> { });
            } finally {
                Thread.interrupted();
            }
        }
    }

    private static Resume resume(Destination destination, Path trace) {
        return resume(destination, trace.getFileName().toString());
    }

    private static Resume resume(Destination destination, String source) {
        return KafkaReplayedPositions.resume(clientConfig(), destination.records(), destination.deadLetters(), source);
    }

    private static <V> KafkaProducer<String, V> producer(Serializer<V> valueSerializer) {
        return new KafkaProducer<>(KafkaRecordSink.producerConfig(clientConfig()), new StringSerializer(),
                valueSerializer);
    }

    /** The first {@value #JOBS} FB-2009 jobs with a bad row after every {@value #BAD_EVERY}. */
    private static Path traceWithBadRows(Path dir) throws IOException {
        var lines = new ArrayList<String>();
        try (var in = ReplayResumeIT.class.getClassLoader().getResourceAsStream(SwimTraceReader.FB_2009_RESOURCE)) {
            var jobs = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().limit(JOBS).toList();
            for (int i = 0; i < jobs.size(); i++) {
                lines.add(jobs.get(i));
                if ((i + 1) % BAD_EVERY == 0) {
                    lines.add("bad\trow\t" + i);
                }
            }
        }
        return Files.write(dir.resolve("fb-2009-with-bad-rows.tsv"), lines);
    }

    private static Destination createTopics(TestInfo test, String name) throws Exception {
        return createTopics(test, name, RECORD_PARTITIONS, DEAD_LETTER_PARTITIONS);
    }

    private static Destination createTopics(TestInfo test, String name, int recordPartitions,
            int deadLetterPartitions) throws Exception {
        var prefix = "it." + test.getTestMethod().orElseThrow().getName() + "." + name + ".";
        var destination = new Destination(prefix + "records", prefix + "deadletter");
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()))) {
            // Kept forever, as the catalogue's topics are: the records carry event times years old, which the
            // broker's default retention (7 days) would delete at its first check, half a minute after it starts.
            var keep = Map.of("retention.ms", "-1");
            admin.createTopics(List.of(new NewTopic(destination.records(), recordPartitions, (short) 1).configs(keep),
                    new NewTopic(destination.deadLetters(), deadLetterPartitions, (short) 1).configs(keep))).all().get();
        }
        return destination;
    }

    /** Another reader's rows with every n-th parsed row yielded twice. */
    private static final class EveryNthTwice<V> extends ForwardingTraceReader<V> {
        private final TraceReader<V> rows;
        private final int n;
        private long parsed;
        private TraceRow<V> again;

        EveryNthTwice(TraceReader<V> rows, int n) {
            this.rows = rows;
            this.n = n;
        }

        @Override
        public boolean hasNext() {
            return again != null || rows.hasNext();
        }

        @Override
        public TraceRow<V> next() {
            if (again != null) {
                var row = again;
                again = null;
                return row;
            }
            var row = rows.next();
            if (row instanceof TraceRow.Parsed<V> && ++parsed % n == 0) {
                again = row;
            }
            return row;
        }

        @Override
        protected TraceReader<?> source() {
            return rows;
        }
    }

    private static Map<String, Object> clientConfig() {
        return Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers());
    }

    private static KafkaConsumer<byte[], byte[]> consumer() {
        return new KafkaConsumer<>(Map.<String, Object>of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                cluster.bootstrapServers()), new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    private static Map<TopicPartition, Long> endOffsets(String topic) {
        try (var consumer = consumer()) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            return consumer.endOffsets(partitions);
        }
    }

    private static long total(String topic) {
        try (var consumer = consumer()) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            return consumer.endOffsets(partitions).values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** Everything in one partition, read to its end offset. */
    private static List<Stored> stored(String topic, int partition) {
        var tp = new TopicPartition(topic, partition);
        var stored = new ArrayList<Stored>();
        try (var consumer = consumer()) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long end = consumer.endOffsets(List.of(tp)).get(tp);
            while (consumer.position(tp) < end) {
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    stored.add(new Stored(record.key() == null ? null : new String(record.key(), StandardCharsets.UTF_8),
                            Arrays.toString(record.value()), record.timestamp(),
                            header(record, TracePosition.SOURCE_HEADER), header(record, TracePosition.POSITION_HEADER)));
                }
            }
        }
        return stored;
    }

    private static String header(ConsumerRecord<?, ?> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
