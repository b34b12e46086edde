package io.gleaner.deploy.fuzz;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.apache.avro.generic.IndexedRecord;

/**
 * The seeded generator of hostile records for every fuzzed input. A run first covers every kind that applies to every
 * input once, in an order drawn from the seed, then draws an input (uniformly) and a kind (by
 * {@link HostileKind#weight()}) for each further record. Avro values are built with the generated classes and framed
 * by the project's {@link AvroSerializer} against the given registry (the embedded one in the integration test);
 * raw attacks start from such bytes.
 *
 * <p>The records are the same for the same seed, {@code now} and registry contents (schema ids): {@code now} is the
 * wall clock in the integration test because "hours ahead" must be ahead of the broker's clock.
 *
 * <p>Each record carries its {@link Expectation}. Raw attacks are judged by the topic's own deserializer: what it
 * cannot read is {@link Expectation.Outcome#UNDECODABLE} (so the oracle agrees with the stages on what decodes).
 */
public final class HostileRecords {

    /** How many earlier valid records per topic are kept to be sent again (DUPLICATE, CONFLICTING_ID). */
    private static final int KEPT = 64;

    private record Pair(FuzzedInput input, HostileKind kind) {
    }

    /** An earlier valid record: its key, bytes and, for a job, the event. */
    private record Earlier(String key, byte[] value, Object event) {
    }

    private final Map<Payload, FuzzedInput> inputs = new EnumMap<>(Payload.class);
    private final Set<HostileKind> kinds;
    private final RandomGenerator random;
    private final ValidEvents valid;
    private final HostileValues values;
    private final RawAttacks raw;
    private final Map<Payload, AvroSerializer<IndexedRecord>> serializers = new EnumMap<>(Payload.class);
    private final Map<Payload, AvroDeserializer<IndexedRecord>> deserializers = new EnumMap<>(Payload.class);
    private final Deque<Pair> coverage = new ArrayDeque<>();
    private final Map<String, List<Earlier>> earlier = new HashMap<>();

    /**
     * @param inputs        the topics to attack ({@link FuzzedInputs#of})
     * @param kinds         the kinds to make (SENTINEL is never drawn; {@link #sentinels()} makes those)
     * @param plannedEvents about how many records will be made, to space the valid event times
     */
    public HostileRecords(List<FuzzedInput> inputs, Set<HostileKind> kinds, SchemaRegistryClient registry, long seed,
                          Instant now, int plannedEvents) {
        Objects.requireNonNull(registry, "registry");
        inputs.forEach(input -> this.inputs.put(input.payload(), input));
        this.kinds = kinds.isEmpty() ? EnumSet.noneOf(HostileKind.class) : EnumSet.copyOf(kinds);
        this.kinds.remove(HostileKind.SENTINEL);
        if (this.inputs.isEmpty() || this.kinds.isEmpty()) {
            throw new IllegalArgumentException("need at least one input and one kind, were " + inputs + " and " + kinds);
        }
        this.random = new SplittableRandom(seed);
        this.valid = new ValidEvents(random, now, plannedEvents);
        this.values = new HostileValues(random, valid, now);
        this.raw = new RawAttacks(random);
        for (var payload : Payload.values()) {
            if (payload.avro()) {
                serializers.put(payload, new AvroSerializer<>(type(payload), registry));
                deserializers.put(payload, new AvroDeserializer<>(type(payload), registry));
            }
        }
        var pairs = new ArrayList<Pair>();
        this.inputs.values().stream().sorted(Comparator.comparing(FuzzedInput::payload)).forEach(input ->
                this.kinds.stream().filter(kind -> kind.appliesTo(input.payload()))
                        .forEach(kind -> pairs.add(new Pair(input, kind))));
        for (int i = pairs.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            var swap = pairs.get(i);
            pairs.set(i, pairs.get(j));
            pairs.set(j, swap);
        }
        coverage.addAll(pairs);
    }

    /** How many records cover every applicable kind of every input once (the first ones made). */
    public int coverageSize() {
        return (int) inputs.values().stream()
                .mapToLong(input -> kinds.stream().filter(kind -> kind.appliesTo(input.payload())).count()).sum();
    }

    /** The next record. */
    public HostileRecord next() {
        var pair = coverage.isEmpty() ? draw() : coverage.poll();
        return make(pair.input(), pair.kind());
    }

    /**
     * One undecodable record for every partition of every input, to send after the others: once every reader of a
     * partition has dead-lettered its sentinel, it has processed everything before it.
     */
    public List<HostileRecord> sentinels() {
        var sentinels = new ArrayList<HostileRecord>();
        for (var input : inputs.values()) {
            for (int p = 0; p < input.partitions(); p++) {
                // Not JSON, and not the wire format (first byte 'f', not the magic byte 0).
                var value = ("fuzz sentinel of partition " + p).getBytes(StandardCharsets.UTF_8);
                sentinels.add(new HostileRecord(input, p, HostileKind.SENTINEL, "fz-sentinel-" + p, value,
                        Expectation.undecodable("sentinel: not the wire format, not JSON")));
            }
        }
        return sentinels;
    }

    private Pair draw() {
        var inputList = inputs.values().stream().sorted(Comparator.comparing(FuzzedInput::payload)).toList();
        var input = inputList.get(random.nextInt(inputList.size()));
        var applicable = kinds.stream().filter(kind -> kind.appliesTo(input.payload()) && kind.weight() > 0).toList();
        if (applicable.isEmpty()) {
            return new Pair(input, kinds.stream().filter(kind -> kind.appliesTo(input.payload())).findFirst()
                    .orElse(HostileKind.VALID));
        }
        double total = applicable.stream().mapToDouble(HostileKind::weight).sum();
        double x = random.nextDouble() * total;
        for (var kind : applicable) {
            x -= kind.weight();
            if (x < 0) {
                return new Pair(input, kind);
            }
        }
        return new Pair(input, applicable.get(applicable.size() - 1));
    }

    private HostileRecord make(FuzzedInput input, HostileKind kind) {
        var payload = input.payload();
        return switch (kind.family()) {
            case VALID -> remember(record(input, kind, values.valid(payload)));
            case VALUE -> record(input, kind, values.hostile(payload, kind));
            case KEY -> keyed(input, kind);
            case RELATION -> related(input, kind);
            case RAW -> rawAttack(input, kind);
        };
    }

    private HostileRecord keyed(FuzzedInput input, HostileKind kind) {
        var base = values.valid(input.payload());
        String key = switch (kind) {
            case NULL_KEY -> null;
            case EMPTY_KEY -> "";
            case WRONG_KEY -> "fz-wrong-key-" + random.nextInt(1_000);
            case HUGE_KEY -> HugeStrings.huge(random);
            default -> throw new IllegalArgumentException("not a key kind: " + kind);
        };
        var shown = key == null ? "null" : key.length() > 40 ? key.length() + " chars" : "'" + key + "'";
        var why = "key " + shown + " is not the record's id '" + base.key() + "'"
                + (base.expectation().outcome() == Expectation.Outcome.VALID ? "" : "; " + base.expectation().why());
        return new HostileRecord(input, null, kind, key, encode(input, base.event()), Expectation.invalid(why));
    }

    private HostileRecord related(FuzzedInput input, HostileKind kind) {
        var kept = earlier.getOrDefault(input.topic(), List.of());
        if (kept.isEmpty()) {
            // Nothing valid sent yet on this topic to repeat: a valid record, labelled as such.
            return remember(record(input, HostileKind.VALID, values.valid(input.payload())));
        }
        var first = kept.get(random.nextInt(kept.size()));
        if (kind == HostileKind.DUPLICATE) {
            return new HostileRecord(input, null, kind, first.key(), first.value().clone(),
                    Expectation.valid("an exact duplicate of an earlier valid record with key '" + first.key() + "'"));
        }
        var job = JobSubmitted.newBuilder((JobSubmitted) first.event()).build();
        var maps = job.getTasks().get(0);
        var changed = TaskGroup.newBuilder(maps).setCount(maps.getCount() + 1 + random.nextInt(5)).build();
        var groups = new ArrayList<>(job.getTasks());
        groups.set(0, changed);
        job.setTasks(groups);
        return new HostileRecord(input, null, kind, job.getJobId(), encode(input, job),
                Expectation.invalid("job " + job.getJobId() + " submitted again with " + changed.getCount()
                        + " maps instead of " + maps.getCount()));
    }

    private HostileRecord rawAttack(FuzzedInput input, HostileKind kind) {
        var base = values.valid(input.payload());
        var validBytes = encode(input, base.event());
        var key = base.key();
        byte[] value = switch (kind) {
            case RANDOM_BYTES -> raw.randomBytes();
            case WRONG_MAGIC_BYTE -> raw.wrongMagicByte(validBytes);
            case UNKNOWN_SCHEMA_ID -> raw.unknownSchemaId(validBytes);
            case TRUNCATED -> raw.truncated(validBytes);
            case TRAILING_BYTES -> raw.trailingBytes(validBytes);
            case OTHER_SCHEMA -> otherSchema(input);
            case EMPTY_VALUE -> new byte[0];
            case NULL_VALUE -> null;
            case NEAR_SIZE_LIMIT -> raw.nearSizeLimit(validBytes, key.length());
            case OVER_SIZE_LIMIT -> raw.overSizeLimit(validBytes);
            default -> throw new IllegalArgumentException("not a raw kind: " + kind);
        };
        return new HostileRecord(input, null, kind, key, value, judge(input, kind, value));
    }

    /** A valid record of another payload, framed with its own schema id (or Avro bytes where JSON is expected). */
    private byte[] otherSchema(FuzzedInput input) {
        var others = serializers.keySet().stream().filter(payload -> payload != input.payload()).sorted().toList();
        var other = others.get(random.nextInt(others.size()));
        var event = values.valid(other).event();
        var topic = inputs.containsKey(other) ? inputs.get(other).topic() : "fz-other-" + other;
        return serializers.get(other).serialize(topic, (IndexedRecord) event);
    }

    /** What the readers must do with the raw bytes {@code value} on {@code input}: decided by the topic's deserializer. */
    private Expectation judge(FuzzedInput input, HostileKind kind, byte[] value) {
        var what = kind.name().toLowerCase().replace('_', ' ');
        if (value == null) {
            return input.compacted()
                    ? Expectation.valid("a tombstone on a compacted topic: deletes its key")
                    : Expectation.undecodable("null value (tombstone) on an event topic");
        }
        if (!input.payload().avro()) {
            return Expectation.undecodable(what + " of " + value.length + " bytes where a JSON document is expected");
        }
        try {
            var decoded = deserializers.get(input.payload()).deserialize(input.topic(), value);
            return decoded == null
                    ? Expectation.undecodable(what + ": decodes to null")
                    : Expectation.invalid(what + " of " + value.length + " bytes decodes, but is not what was sent");
        } catch (RuntimeException e) {
            return Expectation.undecodable(what + " of " + value.length + " bytes: " + e.getClass().getSimpleName());
        }
    }

    private HostileRecord record(FuzzedInput input, HostileKind kind, HostileValues.Mutation mutation) {
        return new HostileRecord(input, null, kind, mutation.key(), encode(input, mutation.event()),
                mutation.expectation());
    }

    private HostileRecord remember(HostileRecord record) {
        if (record.expectation().outcome() == Expectation.Outcome.VALID && record.value() != null) {
            var kept = earlier.computeIfAbsent(record.input().topic(), topic -> new ArrayList<>());
            Object event = record.input().payload() == Payload.JOB
                    ? deserializers.get(Payload.JOB).deserialize(record.input().topic(), record.value()) : null;
            var entry = new Earlier(record.key(), record.value(), event);
            if (kept.size() < KEPT) {
                kept.add(entry);
            } else {
                kept.set(random.nextInt(KEPT), entry);
            }
        }
        return record;
    }

    private byte[] encode(FuzzedInput input, Object event) {
        if (event instanceof String document) {
            return document.getBytes(StandardCharsets.UTF_8);
        }
        return serializers.get(input.payload()).serialize(input.topic(), (IndexedRecord) event);
    }

    @SuppressWarnings("unchecked")
    private static Class<IndexedRecord> type(Payload payload) {
        Class<?> type = switch (payload) {
            case JOB -> JobSubmitted.class;
            case HEARTBEAT -> NodeHeartbeat.class;
            case SAMPLE -> UtilizationSample.class;
            case REPORT -> TaskReport.class;
            case FORECAST -> CapacityForecast.class;
            case PROFILE -> JobProfile.class;
            case PLACEMENT -> PlacementDecision.class;
            case TELEMETRY -> throw new IllegalArgumentException("telemetry is JSON, not Avro");
        };
        return (Class<IndexedRecord>) type;
    }
}
