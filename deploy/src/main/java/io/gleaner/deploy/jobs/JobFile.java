package io.gleaner.deploy.jobs;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gleaner.schemas.InputChecks;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskSpec;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A job as a person writes it, in JSON (docs/jobs.md), to the {@code JobSubmitted} that {@code gleaner jobs submit}
 * produces: sizes with units, defaults for what can be derived, and every error with its JSON path. The result keeps
 * the same field rules every stage applies ({@link InputChecks#jobSubmitted}), so what this accepts no stage refuses.
 */
public final class JobFile {

    /** Work per byte when a group gives none: Salamander §IV-A's maps and reduces, as the schema documents them. */
    static final double MAP_FLOP_PER_BYTE = 3100;
    static final double REDUCE_FLOP_PER_BYTE = 6300;

    private static final Set<String> JOB_FIELDS = Set.of("jobId", "jobName", "user", "queue", "priority",
            "submitTime", "deadline", "inputBytes", "shuffleBytes", "outputBytes", "tasks");
    private static final Set<String> GROUP_FIELDS = Set.of("kind", "count", "bytesPerTask", "lastTaskBytes",
            "flopPerByte", "demand", "dataset", "firstChunk", "spec");
    private static final Set<String> DEMAND_FIELDS = Set.of("cpus", "memory");
    private static final Set<String> SPEC_FIELDS = Set.of("command", "image", "env", "inputLocation",
            "outputLocation");
    /** The default job id's time part: sortable, and without characters a shell or a URI would quote. */
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmssSSS'Z'")
            .withZone(ZoneOffset.UTC);

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JobFile() {
    }

    /**
     * The job {@code json} describes, checked by the topic's field rules.
     *
     * @param submitTime the submission time when the file gives none
     * @throws JobFileException naming the JSON path of the first problem
     */
    public static JobSubmitted read(String json, Instant submitTime) throws JobFileException {
        return read(json, submitTime, Optional.empty());
    }

    /**
     * {@link #read(String, Instant)} with {@code deadline} in place of the file's {@code "deadline"}, read the same
     * way (an ISO-8601 time, or a duration after the submission); errors about it name {@code --deadline}.
     */
    public static JobSubmitted read(String json, Instant submitTime, Optional<String> deadline)
            throws JobFileException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            var location = e.getLocation();
            var where = location == null ? ""
                    : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
            throw new JobFileException("$", "not valid JSON" + where + ": " + e.getOriginalMessage());
        }
        var job = job(root, submitTime);
        if (deadline.isPresent()) {
            job.setDeadline(deadline(deadline.get(), "--deadline", job.getSubmitTime()));
        }
        var violation = InputChecks.DEFAULT.jobSubmitted(job);
        if (violation.isPresent()) {
            // The rules name Avro's fields; the file calls one of them differently.
            var reason = violation.get().replace("demand.memoryBytes", "demand.memory");
            int space = reason.indexOf(' ');
            throw new JobFileException("$." + reason.substring(0, space), reason.substring(space + 1));
        }
        return job;
    }

    private static JobSubmitted job(JsonNode root, Instant defaultSubmitTime) throws JobFileException {
        var fields = object(root, "$", JOB_FIELDS);
        var jobName = text(required(fields, "$", "jobName"), "$.jobName");
        var submitTime = fields.hasNonNull("submitTime")
                ? instant(fields.get("submitTime"), "$.submitTime") : defaultSubmitTime;
        var jobId = fields.hasNonNull("jobId") ? text(fields.get("jobId"), "$.jobId")
                : jobName + "-" + ID_TIME.format(submitTime);
        var tasksNode = required(fields, "$", "tasks");
        if (!tasksNode.isArray()) {
            throw new JobFileException("$.tasks", "expected an array of task groups, was " + describe(tasksNode));
        }
        var groups = new ArrayList<TaskGroup>();
        for (int i = 0; i < tasksNode.size(); i++) {
            groups.add(group(tasksNode.get(i), "$.tasks[" + i + "]"));
        }
        var builder = JobSubmitted.newBuilder()
                .setJobId(jobId)
                .setJobName(jobName)
                .setSubmitTime(submitTime)
                .setTasks(groups)
                .setInputBytes(fields.hasNonNull("inputBytes") ? size(fields.get("inputBytes"), "$.inputBytes")
                        : totalBytes(groups, TaskKind.MAP))
                .setShuffleBytes(fields.hasNonNull("shuffleBytes") ? size(fields.get("shuffleBytes"), "$.shuffleBytes")
                        : totalBytes(groups, TaskKind.REDUCE))
                .setOutputBytes(fields.hasNonNull("outputBytes")
                        ? size(fields.get("outputBytes"), "$.outputBytes") : 0);
        if (fields.hasNonNull("user")) {
            builder.setUser(text(fields.get("user"), "$.user"));
        }
        if (fields.hasNonNull("queue")) {
            builder.setQueue(text(fields.get("queue"), "$.queue"));
        }
        if (fields.hasNonNull("priority")) {
            builder.setPriority(integer(fields.get("priority"), "$.priority"));
        }
        if (fields.hasNonNull("deadline")) {
            builder.setDeadline(deadline(text(fields.get("deadline"), "$.deadline"), "$.deadline", submitTime));
        }
        return builder.build();
    }

    private static TaskGroup group(JsonNode node, String path) throws JobFileException {
        var fields = object(node, path, GROUP_FIELDS);
        var kindText = text(required(fields, path, "kind"), path + ".kind");
        var kind = switch (kindText.toLowerCase(Locale.ROOT)) {
            case "map" -> TaskKind.MAP;
            case "reduce" -> TaskKind.REDUCE;
            default -> throw new JobFileException(path + ".kind", "expected map or reduce, was '" + kindText + "'");
        };
        long bytesPerTask = size(required(fields, path, "bytesPerTask"), path + ".bytesPerTask");
        var demand = object(required(fields, path, "demand"), path + ".demand", DEMAND_FIELDS);
        var builder = TaskGroup.newBuilder()
                .setKind(kind)
                .setCount(integer(required(fields, path, "count"), path + ".count"))
                .setBytesPerTask(bytesPerTask)
                .setLastTaskBytes(fields.hasNonNull("lastTaskBytes")
                        ? size(fields.get("lastTaskBytes"), path + ".lastTaskBytes") : bytesPerTask)
                .setFlopPerByte(fields.hasNonNull("flopPerByte")
                        ? number(fields.get("flopPerByte"), path + ".flopPerByte")
                        : kind == TaskKind.MAP ? MAP_FLOP_PER_BYTE : REDUCE_FLOP_PER_BYTE)
                .setDemand(new Resources(number(required(demand, path + ".demand", "cpus"), path + ".demand.cpus"),
                        size(required(demand, path + ".demand", "memory"), path + ".demand.memory")));
        if (fields.hasNonNull("dataset")) {
            builder.setDataset(text(fields.get("dataset"), path + ".dataset"));
        }
        if (fields.hasNonNull("firstChunk")) {
            builder.setFirstChunk(longValue(fields.get("firstChunk"), path + ".firstChunk"));
        }
        if (fields.hasNonNull("spec")) {
            builder.setSpec(spec(fields.get("spec"), path + ".spec"));
        }
        return builder.build();
    }

    private static TaskSpec spec(JsonNode node, String path) throws JobFileException {
        var fields = object(node, path, SPEC_FIELDS);
        var builder = TaskSpec.newBuilder();
        if (fields.hasNonNull("command")) {
            var command = fields.get("command");
            if (!command.isArray()) {
                throw new JobFileException(path + ".command", "expected an array of strings (program, then "
                        + "arguments; no shell), was " + describe(command));
            }
            var args = new ArrayList<String>();
            for (int i = 0; i < command.size(); i++) {
                args.add(text(command.get(i), path + ".command[" + i + "]"));
            }
            builder.setCommand(args);
        }
        if (fields.hasNonNull("image")) {
            builder.setImage(text(fields.get("image"), path + ".image"));
        }
        if (fields.hasNonNull("env")) {
            var env = new LinkedHashMap<String, String>();
            var variables = object(fields.get("env"), path + ".env", null);
            for (Iterator<Map.Entry<String, JsonNode>> it = variables.fields(); it.hasNext(); ) {
                var entry = it.next();
                env.put(entry.getKey(), text(entry.getValue(), path + ".env." + entry.getKey()));
            }
            builder.setEnv(env);
        }
        if (fields.hasNonNull("inputLocation")) {
            builder.setInputLocation(text(fields.get("inputLocation"), path + ".inputLocation"));
        }
        if (fields.hasNonNull("outputLocation")) {
            builder.setOutputLocation(text(fields.get("outputLocation"), path + ".outputLocation"));
        }
        return builder.build();
    }

    private static long totalBytes(List<TaskGroup> groups, TaskKind kind) {
        for (var group : groups) {
            if (group.getKind() == kind && group.getCount() > 0) {
                // Saturating: a total past a long is refused by the rules as too large, not wrapped to a small one.
                try {
                    return Math.addExact(Math.multiplyExact(group.getBytesPerTask(), (long) group.getCount() - 1),
                            group.getLastTaskBytes());
                } catch (ArithmeticException e) {
                    return Long.MAX_VALUE;
                }
            }
        }
        return 0;
    }

    /** {@code node} as an object with only {@code allowed} fields ({@code null}: any field). */
    private static ObjectNode object(JsonNode node, String path, Set<String> allowed) throws JobFileException {
        if (!(node instanceof ObjectNode object)) {
            throw new JobFileException(path, "expected an object, was " + describe(node));
        }
        if (allowed != null) {
            for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
                var name = names.next();
                if (!allowed.contains(name)) {
                    throw new JobFileException(path + "." + name, "unknown field; expected one of "
                            + String.join(", ", new TreeSet<>(allowed)));
                }
            }
        }
        return object;
    }

    private static JsonNode required(ObjectNode fields, String path, String name) throws JobFileException {
        var node = fields.get(name);
        if (node == null || node.isNull()) {
            throw new JobFileException(path + "." + name, "required, was missing");
        }
        return node;
    }

    private static String text(JsonNode node, String path) throws JobFileException {
        if (!node.isTextual()) {
            throw new JobFileException(path, "expected a string, was " + describe(node));
        }
        return node.textValue();
    }

    private static int integer(JsonNode node, String path) throws JobFileException {
        if (!node.isIntegralNumber() || !node.canConvertToInt()) {
            throw new JobFileException(path, "expected a whole number that fits an int, was " + describe(node));
        }
        return node.intValue();
    }

    private static long longValue(JsonNode node, String path) throws JobFileException {
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw new JobFileException(path, "expected a whole number, was " + describe(node));
        }
        return node.longValue();
    }

    private static double number(JsonNode node, String path) throws JobFileException {
        if (!node.isNumber()) {
            throw new JobFileException(path, "expected a number, was " + describe(node));
        }
        return node.doubleValue();
    }

    /** Bytes as a whole number, or a string with a unit ({@link ByteSize}). */
    private static long size(JsonNode node, String path) throws JobFileException {
        if (node.isTextual()) {
            try {
                return ByteSize.parse(node.textValue());
            } catch (IllegalArgumentException e) {
                throw new JobFileException(path, e.getMessage());
            }
        }
        if (node.isIntegralNumber() && node.canConvertToLong()) {
            return node.longValue();
        }
        throw new JobFileException(path, "expected bytes or a string with a unit (" + ByteSize.UNITS
                + "), e.g. \"2GiB\", was " + describe(node));
    }

    private static Instant instant(JsonNode node, String path) throws JobFileException {
        var text = text(node, path);
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new JobFileException(path, "expected an ISO-8601 time in UTC, e.g. \"2026-11-28T09:30:00Z\", was '"
                    + text + "'");
        }
    }

    /** An ISO-8601 time, or an ISO-8601 duration after the submission ({@code "PT2H"}). */
    private static Instant deadline(String text, String path, Instant submitTime) throws JobFileException {
        if (text.startsWith("P") || text.startsWith("p")) {
            try {
                return submitTime.plus(Duration.parse(text));
            } catch (DateTimeParseException | ArithmeticException e) {
                throw new JobFileException(path, "expected an ISO-8601 duration after submitTime, e.g. \"PT2H\", was '"
                        + text + "'");
            }
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new JobFileException(path, "expected an ISO-8601 time in UTC, e.g. \"2026-11-28T09:30:00Z\", or a "
                    + "duration after submitTime, e.g. \"PT2H\", was '" + text + "'");
        }
    }

    private static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        var kind = node.isTextual() ? "a string" : node.isNumber() ? "a number" : node.isBoolean() ? "a boolean"
                : node.isArray() ? "an array" : node.isObject() ? "an object" : "null";
        var shown = node.toString();
        return node.isContainerNode() || shown.length() > 40 ? kind : kind + " " + shown;
    }
}
