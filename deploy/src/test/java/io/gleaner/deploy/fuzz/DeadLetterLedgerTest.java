package io.gleaner.deploy.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.DeadLetter;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DeadLetterLedgerTest {

    private static final FuzzedInput HEARTBEATS = new FuzzedInput("t.nodes.heartbeats", Payload.HEARTBEAT, 1, false,
            Set.of("planner", "qos"));

    @Test
    void anUndecodableRecordNeedsADeadLetterFromEveryReader() {
        var ledger = new DeadLetterLedger();
        ledger.sent(record(HostileKind.RANDOM_BYTES, Expectation.undecodable("garbage")), 0, 7);

        ledger.deadLetter(letter(7, "planner", "cannot decode 12 bytes"));

        assertThat(ledger.unaccounted(Set.of())).singleElement().asString()
                .contains("RANDOM_BYTES", "t.nodes.heartbeats-0@7", "not dead-lettered by [qos]");
        ledger.deadLetter(letter(7, "qos", "cannot decode 12 bytes"));
        assertThat(ledger.unaccounted(Set.of())).isEmpty();
    }

    @Test
    void anInvalidRecordNeedsADeadLetterFromOneReaderAndAValidOneNone() {
        var ledger = new DeadLetterLedger();
        ledger.sent(record(HostileKind.NAN_FIELD, Expectation.invalid("speedGflops NaN")), 0, 1);
        ledger.sent(record(HostileKind.VALID, Expectation.valid("a heartbeat")), 0, 2);
        ledger.sent(record(HostileKind.OUT_OF_RANGE, Expectation.invalid("slots -1")), 0, 3);

        ledger.deadLetter(letter(1, "qos", "speedGflops must be finite"));

        assertThat(ledger.unaccounted(Set.of("planner"))).singleElement().asString()
                .contains("OUT_OF_RANGE", "@3", "accepted by every reader", "(stopped: [planner])");
    }

    @Test
    void aDeadLetterWithABlankReasonIsAProblem() {
        var ledger = new DeadLetterLedger();
        ledger.sent(record(HostileKind.NAN_FIELD, Expectation.invalid("speedGflops NaN")), 0, 1);

        ledger.deadLetter(letter(1, "qos", " "));

        assertThat(ledger.unaccounted(Set.of())).singleElement().asString().contains("blank reason");
    }

    @Test
    void sentinelsAreOutstandingUntilEveryReaderDeadLettersThem() {
        var ledger = new DeadLetterLedger();
        ledger.sent(record(HostileKind.SENTINEL, Expectation.undecodable("sentinel")), 0, 9);
        ledger.deadLetter(letter(9, "qos", "cannot decode"));

        assertThat(ledger.sentinelsOutstanding()).containsExactly("t.nodes.heartbeats-0@9 by planner");
    }

    @Test
    void reasonsThatDifferInNumbersIdsAndTimesFallInOneClass() {
        assertThat(DeadLetterLedger.reasonClass("time went backwards for node fz-node-3: 2025-06-01T10:00:00Z < "
                + "2025-06-01T11:00:00.5Z"))
                .isEqualTo(DeadLetterLedger.reasonClass("time went backwards for node fz-node-7: 2024-01-01T00:00:00Z "
                        + "< 2025-01-01T00:00:00Z"))
                .isEqualTo("time went backwards for node <id>: <time> < <time>");
        assertThat(DeadLetterLedger.reasonClass("cannot decode 12 bytes: org.apache.kafka.common.errors."
                + "SerializationException: unknown magic byte 7"))
                .isEqualTo("cannot decode N bytes: SerializationException: unknown magic byte N");
    }

    private static HostileRecord record(HostileKind kind, Expectation expectation) {
        return new HostileRecord(HEARTBEATS, null, kind, "fz-node-1", new byte[] {1, 2, 3}, expectation);
    }

    private static DeadLetter letter(long offset, String stage, String reason) {
        return DeadLetter.newBuilder().setSourceTopic(HEARTBEATS.topic()).setPartition(0).setOffset(offset)
                .setReason(reason).setStage(stage).setTime(Instant.EPOCH).build();
    }
}
