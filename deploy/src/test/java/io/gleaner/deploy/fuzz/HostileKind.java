package io.gleaner.deploy.fuzz;

import java.util.EnumSet;
import java.util.Set;

/**
 * The kinds of hostile record the generator makes, with the payloads each applies to and its weight in the random
 * part of a run (the first records of a run cover every applicable kind of every input once, see
 * {@link HostileRecords}).
 */
public enum HostileKind {
    // Raw bytes: what a broken or hostile producer writes.
    RANDOM_BYTES(6, Family.RAW, all()),
    WRONG_MAGIC_BYTE(4, Family.RAW, avro()),
    UNKNOWN_SCHEMA_ID(4, Family.RAW, avro()),
    TRUNCATED(5, Family.RAW, all()),
    TRAILING_BYTES(2, Family.RAW, avro()),
    OTHER_SCHEMA(4, Family.RAW, all()),
    EMPTY_VALUE(2, Family.RAW, all()),
    NULL_VALUE(2, Family.RAW, all()),
    NEAR_SIZE_LIMIT(0.3, Family.RAW, all()),
    OVER_SIZE_LIMIT(0.1, Family.RAW, all()),
    // Keys: every catalogue topic is keyed by the record's id (node, job, series, job name).
    NULL_KEY(2, Family.KEY, avro()),
    EMPTY_KEY(2, Family.KEY, avro()),
    WRONG_KEY(3, Family.KEY, avro()),
    HUGE_KEY(1, Family.KEY, avro()),
    // Structurally valid values with hostile fields.
    NAN_FIELD(6, Family.VALUE, all()),
    OUT_OF_RANGE(8, Family.VALUE, all()),
    TIME_BEFORE_1970(4, Family.VALUE, timed()),
    TIME_AFTER_2100(4, Family.VALUE, timed()),
    TIME_HOURS_AHEAD(4, Family.VALUE, timed()),
    HUGE_STRING(3, Family.VALUE, all()),
    HUGE_STRING_NEAR_SIZE_LIMIT(0.3, Family.VALUE, all()),
    HUGE_TASK_COUNT(3, Family.VALUE, EnumSet.of(Payload.JOB, Payload.HEARTBEAT, Payload.REPORT)),
    HUGE_RESOURCES(3, Family.VALUE, EnumSet.of(Payload.JOB, Payload.HEARTBEAT, Payload.PLACEMENT)),
    DEADLINE_BEFORE_SUBMISSION(3, Family.VALUE, EnumSet.of(Payload.JOB)),
    // Relations to earlier records.
    DUPLICATE(4, Family.RELATION, all()),
    CONFLICTING_ID(3, Family.RELATION, EnumSet.of(Payload.JOB)),
    // The control: a plausible, valid record (a report is never valid: no attempt of the fuzzer was placed).
    VALID(18, Family.VALID, all()),
    // One undecodable record per partition of every input, sent last: when every reader has dead-lettered it, the
    // reader has processed the partition. Never drawn at random.
    SENTINEL(0, Family.RAW, all());

    /** What part of a record a kind attacks. */
    public enum Family { RAW, KEY, VALUE, RELATION, VALID }

    private final double weight;
    private final Family family;
    private final Set<Payload> payloads;

    HostileKind(double weight, Family family, Set<Payload> payloads) {
        this.weight = weight;
        this.family = family;
        this.payloads = payloads;
    }

    /** The relative weight of the kind among those drawn at random. */
    public double weight() {
        return weight;
    }

    public Family family() {
        return family;
    }

    /** Whether the kind can be made for values of {@code payload}. */
    public boolean appliesTo(Payload payload) {
        return payloads.contains(payload);
    }

    private static Set<Payload> all() {
        return EnumSet.allOf(Payload.class);
    }

    private static Set<Payload> avro() {
        return EnumSet.complementOf(EnumSet.of(Payload.TELEMETRY));
    }

    private static Set<Payload> timed() {
        return EnumSet.complementOf(EnumSet.of(Payload.PROFILE));
    }
}
