package io.gleaner.deploy.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.classifier.profiles.ProfileRecords;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.InMemorySchemaRegistryClient;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class HostileRecordsTest {

    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
    private static final List<FuzzedInput> INPUTS = FuzzedInputs.of(Topics.withPrefix("t."), "t.telegraf");

    @Test
    void sameSeedAndClockGiveTheSameRecords() {
        var first = records(7, 300);
        var second = records(7, 300);
        var other = records(8, 300);

        assertThat(second).hasSameSizeAs(first);
        for (int i = 0; i < first.size(); i++) {
            assertThat(describe(second.get(i))).as("record %d", i).isEqualTo(describe(first.get(i)));
        }
        assertThat(other.stream().map(HostileRecordsTest::describe).toList())
                .isNotEqualTo(first.stream().map(HostileRecordsTest::describe).toList());
    }

    @Test
    void theFirstRecordsCoverEveryKindOfEveryInput() {
        var generator = new HostileRecords(INPUTS, EnumSet.allOf(HostileKind.class), new InMemorySchemaRegistryClient(),
                1, NOW, 500);
        var covered = new HashSet<String>();
        for (int i = 0; i < generator.coverageSize(); i++) {
            var record = generator.next();
            covered.add(record.input().payload() + "/" + record.kind());
        }

        var expected = new HashSet<String>();
        for (var input : INPUTS) {
            for (var kind : HostileKind.values()) {
                if (kind.appliesTo(input.payload()) && kind != HostileKind.SENTINEL) {
                    expected.add(input.payload() + "/" + kind);
                }
            }
        }
        // DUPLICATE and CONFLICTING_ID become VALID records when nothing valid was sent before them on their topic.
        assertThat(covered).containsAll(expected.stream()
                .filter(pair -> !pair.endsWith("/DUPLICATE") && !pair.endsWith("/CONFLICTING_ID")).toList());
        assertThat(covered).hasSizeGreaterThan(INPUTS.size() * 10);
    }

    @Test
    void recordsExpectedValidPassTheReadersOwnChecks() {
        var registry = new InMemorySchemaRegistryClient();
        var generator = new HostileRecords(INPUTS, EnumSet.of(HostileKind.VALID), registry, 3, NOW, 400);
        var jobs = new AvroDeserializer<>(JobSubmitted.class, registry);
        var heartbeats = new AvroDeserializer<>(NodeHeartbeat.class, registry);
        var samples = new AvroDeserializer<>(UtilizationSample.class, registry);
        var profiles = new AvroDeserializer<>(JobProfile.class, registry);
        int checked = 0;

        for (int i = 0; i < 400; i++) {
            var record = generator.next();
            var topic = record.input().topic();
            switch (record.input().payload()) {
                case JOB -> {
                    var job = jobs.deserialize(topic, record.value());
                    assertThat(EventMapping.job(job)).isInstanceOf(Checked.Valid.class);
                    assertThat(record.key()).isEqualTo(job.getJobId());
                    assertThat(job.getSubmitTime()).isBefore(NOW);
                    checked++;
                }
                case HEARTBEAT -> {
                    var beat = heartbeats.deserialize(topic, record.value());
                    assertThat(EventMapping.nodeState(beat)).isInstanceOf(Checked.Valid.class);
                    assertThat(record.key()).isEqualTo(beat.getNodeId());
                    checked++;
                }
                case SAMPLE -> {
                    var sample = samples.deserialize(topic, record.value());
                    assertThat(sample.getValue()).isBetween(0.0, 1.0);
                    assertThat(record.key()).isEqualTo(sample.getNodeId());
                    checked++;
                }
                case PROFILE -> {
                    var profile = profiles.deserialize(topic, record.value());
                    assertThat(ProfileRecords.toCore(profile).jobName()).isEqualTo(record.key());
                    checked++;
                }
                case REPORT -> assertThat(record.expectation().outcome()).isEqualTo(Expectation.Outcome.INVALID);
                default -> assertThat(record.expectation().outcome()).isEqualTo(Expectation.Outcome.VALID);
            }
        }
        assertThat(checked).isGreaterThan(100);
    }

    @Test
    void rawAttacksTheTopicsDeserializerCannotReadMustBeDeadLetteredByEveryReader() {
        var generator = new HostileRecords(INPUTS, EnumSet.of(HostileKind.WRONG_MAGIC_BYTE, HostileKind.EMPTY_VALUE,
                HostileKind.UNKNOWN_SCHEMA_ID), new InMemorySchemaRegistryClient(), 5, NOW, 100);

        for (int i = 0; i < 100; i++) {
            var record = generator.next();
            assertThat(record.expectation().outcome()).as(record.kind() + " on " + record.input().topic())
                    .isEqualTo(Expectation.Outcome.UNDECODABLE);
        }
        assertThat(generator.sentinels()).hasSize(INPUTS.stream().mapToInt(FuzzedInput::partitions).sum())
                .allSatisfy(sentinel -> assertThat(sentinel.expectation().outcome())
                        .isEqualTo(Expectation.Outcome.UNDECODABLE));
    }

    private static List<HostileRecord> records(long seed, int count) {
        var generator = new HostileRecords(INPUTS, EnumSet.allOf(HostileKind.class), new InMemorySchemaRegistryClient(),
                seed, NOW, count);
        var records = new ArrayList<HostileRecord>();
        for (int i = 0; i < count; i++) {
            records.add(generator.next());
        }
        return records;
    }

    private static String describe(HostileRecord record) {
        return record.input().topic() + " " + record.kind() + " " + record.key() + " "
                + (record.value() == null ? "null" : java.util.Arrays.hashCode(record.value()) + "/"
                + record.value().length) + " " + record.expectation();
    }
}
