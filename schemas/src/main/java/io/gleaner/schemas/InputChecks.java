package io.gleaner.schemas;

import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.JobProfile;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskSpec;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The field rules of the input topics, checked on the decoded value before any stage uses it: every stage that reads
 * a topic, and every trace reader that writes one, asks the same method, so that no stage refuses a record another
 * accepts. A rule that only one stage needs, because only it reads that part of the record, stays with that stage
 * (the planner's chunk-layout windows, the classifier's start time of a successful attempt).
 *
 * <p>Each check returns the first rule broken, as a reason that names the field and the value (a string's length,
 * never the string), or empty for a record that keeps every rule. The bounds are {@link InputLimits}.
 */
public final class InputChecks {

    /** The most points a forecast may have: a week of minute steps, 21 times the default horizon of 480. */
    public static final int MAX_FORECAST_POINTS = 7 * 24 * 60;

    /** The checks with {@link InputLimits#DEFAULTS}, which every stage applies. */
    public static final InputChecks DEFAULT = new InputChecks(InputLimits.DEFAULTS);

    private final InputLimits limits;

    public InputChecks(InputLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** The bounds these checks apply. */
    public InputLimits limits() {
        return limits;
    }

    /** Why {@code record} breaks its topic's rules, for the input types checked here; empty for other types. */
    public Optional<String> violation(Object record) {
        if (record instanceof JobSubmitted job) {
            return jobSubmitted(job);
        }
        if (record instanceof NodeHeartbeat heartbeat) {
            return nodeHeartbeat(heartbeat);
        }
        if (record instanceof TaskReport report) {
            return taskReport(report);
        }
        if (record instanceof UtilizationSample sample) {
            return utilizationSample(sample);
        }
        if (record instanceof PlacementDecision placement) {
            return placementDecision(placement);
        }
        if (record instanceof CapacityForecast forecast) {
            return capacityForecast(forecast);
        }
        if (record instanceof JobProfile profile) {
            return jobProfile(profile);
        }
        return Optional.empty();
    }

    /**
     * A {@code jobs.submitted} value: ids and names within their lengths, priority in range, times not before 1970,
     * a deadline after the submission, byte totals in range, one or two task groups of distinct known kinds whose
     * counts, bytes, work, demand, dataset, chunk layout and task spec are in range, and no more tasks than a job may
     * have.
     */
    public Optional<String> jobSubmitted(JobSubmitted job) {
        var rules = new Rules();
        rules.id("jobId", job.getJobId());
        rules.context = rules.ok() ? " (job " + job.getJobId() + ")" : "";
        rules.text("jobName", job.getJobName(), limits.maxNameChars());
        rules.id("user", job.getUser());
        rules.id("queue", job.getQueue());
        rules.range("priority", job.getPriority(), limits.minPriority(), limits.maxPriority());
        rules.notBefore1970("submitTime", job.getSubmitTime());
        var deadline = job.getDeadline();
        if (rules.ok() && deadline != null && !deadline.isAfter(job.getSubmitTime())) {
            rules.fail("deadline must be after submitTime " + job.getSubmitTime() + ", was " + deadline);
        }
        rules.range("inputBytes", job.getInputBytes(), 0, limits.maxJobBytes());
        rules.range("shuffleBytes", job.getShuffleBytes(), 0, limits.maxJobBytes());
        rules.range("outputBytes", job.getOutputBytes(), 0, limits.maxJobBytes());
        var groups = job.getTasks();
        if (rules.ok() && groups.isEmpty()) {
            rules.fail("tasks must hold at least one task group, was empty");
        }
        var kinds = EnumSet.noneOf(TaskKind.class);
        long tasks = 0;
        for (int i = 0; i < groups.size() && rules.ok(); i++) {
            var group = groups.get(i);
            if (group.getKind() == TaskKind.UNKNOWN) {
                rules.fail("tasks[" + i + "].kind must be MAP or REDUCE, was UNKNOWN");
            } else if (!kinds.add(group.getKind())) {
                rules.fail("tasks[" + i + "].kind must differ from the other groups', was a second "
                        + group.getKind());
            }
            taskGroup(rules, "tasks[" + i + "]", group);
            tasks += group.getCount();
        }
        rules.range("tasks (all groups)", tasks, 1, limits.maxTasksPerJob());
        return rules.reason();
    }

    private void taskGroup(Rules rules, String name, TaskGroup group) {
        rules.range(name + ".count", group.getCount(), 1, limits.maxTasksPerGroup());
        rules.range(name + ".bytesPerTask", group.getBytesPerTask(), 0, limits.maxTaskBytes());
        rules.range(name + ".lastTaskBytes", group.getLastTaskBytes(), 0, limits.maxTaskBytes());
        rules.range(name + ".flopPerByte", group.getFlopPerByte(), 0, limits.maxFlopPerByte());
        rules.range(name + ".demand.cpus", group.getDemand().getCpus(), 0, limits.maxCpus());
        rules.range(name + ".demand.memoryBytes", group.getDemand().getMemoryBytes(), 0, limits.maxMemoryBytes());
        rules.range(name + ".firstChunk", group.getFirstChunk(), 0, Long.MAX_VALUE - group.getCount());
        var dataset = group.getDataset();
        if (dataset != null) {
            rules.id(name + ".dataset", dataset);
        }
        if (group.getSpec() != null) {
            taskSpec(rules, name + ".spec", group.getSpec(), dataset != null);
        }
        var layout = group.getLayout();
        if (layout == null || !rules.ok()) {
            return;
        }
        if (dataset == null) {
            rules.fail(name + ".layout must come with a dataset, was a layout without one");
            return;
        }
        var nodes = layout.getNodes();
        rules.range(name + ".layout.nodes (count)", nodes.size(), 1, limits.maxLayoutNodes());
        for (int i = 0; i < nodes.size() && rules.ok(); i++) {
            rules.id(name + ".layout.nodes[" + i + "]", nodes.get(i));
        }
        rules.range(name + ".layout.start", layout.getStart(), 0, nodes.size() - 1);
        rules.range(name + ".layout.replication", layout.getReplication(), 1, nodes.size());
    }

    /**
     * A task spec: a command or an image; no more arguments and variables than allowed, each string and the spec as a
     * whole within their lengths; a program, an image, variable names and locations not blank; no NUL character in the
     * command or the environment (a process cannot receive one); variable names without {@code =}; locations whose
     * placeholders the planner resolves ({@link LocationTemplate}: {@code {dataset}} and {@code {chunk}} only in a
     * group with a dataset). The command and the environment are passed as given, so their braces are not checked.
     */
    private void taskSpec(Rules rules, String name, TaskSpec spec, boolean hasDataset) {
        var command = spec.getCommand();
        if (rules.ok() && command.isEmpty() && spec.getImage() == null) {
            rules.fail(name + " must give a command or an image, was neither");
        }
        rules.range(name + ".command (count)", command.size(), 0, limits.maxSpecArgs());
        long chars = 0;
        for (int i = 0; i < command.size() && rules.ok(); i++) {
            var arg = command.get(i);
            rules.text(name + ".command[" + i + "]", arg, limits.maxNameChars());
            rules.withoutNul(name + ".command[" + i + "]", arg);
            chars += arg.length();
        }
        if (rules.ok() && !command.isEmpty() && command.get(0).isBlank()) {
            rules.fail(name + ".command[0] must not be blank, was '" + command.get(0) + "'");
        }
        if (spec.getImage() != null) {
            rules.nonBlankText(name + ".image", spec.getImage(), limits.maxNameChars());
            chars += spec.getImage().length();
        }
        var env = spec.getEnv();
        rules.range(name + ".env (count)", env.size(), 0, limits.maxSpecEnv());
        // Sorted, so that the first rule broken is the same whatever order the map decoded in.
        for (var entry : new TreeMap<>(env).entrySet()) {
            if (!rules.ok()) {
                break;
            }
            var variable = name + ".env[" + entry.getKey() + "]";
            rules.id(name + ".env (a name)", entry.getKey());
            rules.withoutNul(variable, entry.getKey());
            if (rules.ok() && entry.getKey().indexOf('=') >= 0) {
                rules.fail(name + ".env (a name) must not contain '=', was '" + entry.getKey() + "'");
            }
            rules.text(variable, entry.getValue(), limits.maxNameChars());
            rules.withoutNul(variable, entry.getValue());
            chars += entry.getKey().length() + entry.getValue().length();
        }
        chars += location(rules, name + ".inputLocation", spec.getInputLocation(), hasDataset);
        chars += location(rules, name + ".outputLocation", spec.getOutputLocation(), hasDataset);
        rules.range(name + " (characters, all strings)", chars, 0, limits.maxSpecChars());
    }

    /** Checks a location template and returns its length (0 when there is none). */
    private int location(Rules rules, String name, String template, boolean hasDataset) {
        if (template == null) {
            return 0;
        }
        rules.nonBlankText(name, template, limits.maxNameChars());
        if (rules.ok()) {
            LocationTemplate.unknownPlaceholder(template, hasDataset).ifPresent(placeholder -> rules.fail(name
                    + " must use only the placeholders {job}, {kind}, {task}, {attempt}"
                    + (hasDataset ? ", {dataset}, {chunk}" : " ({dataset} and {chunk} need the group's dataset)")
                    + ", was " + (placeholder.length() <= 64 ? placeholder
                            : "a brace pair of " + placeholder.length() + " characters")));
        }
        return template.length();
    }

    /**
     * A {@code nodes.heartbeats} value: ids within their lengths, no more labels than allowed, a time not before
     * 1970, a capacity no larger than a sane node, a positive speed in range, slots in range, free resources and
     * slots within the capacity, and running attempts with distinct non-blank ids, no more than a node may have
     * slots. A capacity or slots of zero is valid: a node that can run nothing, e.g. one removed from the cluster
     * (the Google trace's REMOVE events); the planner places nothing on it, the QoS stage and the classifier skip it.
     */
    public Optional<String> nodeHeartbeat(NodeHeartbeat heartbeat) {
        var rules = new Rules();
        rules.id("nodeId", heartbeat.getNodeId());
        rules.context = rules.ok() ? " (node " + heartbeat.getNodeId() + ")" : "";
        rules.notBefore1970("time", heartbeat.getTime());
        rules.text("rack", heartbeat.getRack(), limits.maxIdChars());
        var labels = heartbeat.getLabels();
        rules.range("labels (count)", labels.size(), 0, limits.maxLabels());
        for (int i = 0; i < labels.size() && rules.ok(); i++) {
            rules.text("labels[" + i + "]", labels.get(i), limits.maxIdChars());
        }
        Resources capacity = heartbeat.getCapacity();
        rules.range("capacity.cpus", capacity.getCpus(), 0, limits.maxCpus());
        rules.range("capacity.memoryBytes", capacity.getMemoryBytes(), 0, limits.maxMemoryBytes());
        rules.positive("speedGflops", heartbeat.getSpeedGflops(), limits.maxSpeedGflops());
        rules.range("slots", heartbeat.getSlots(), 0, limits.maxSlots());
        if (rules.ok()) {
            rules.range("free.cpus", heartbeat.getFree().getCpus(), 0, capacity.getCpus());
            rules.range("free.memoryBytes", heartbeat.getFree().getMemoryBytes(), 0, capacity.getMemoryBytes());
            rules.range("freeSlots", heartbeat.getFreeSlots(), 0, heartbeat.getSlots());
        }
        List<String> running = heartbeat.getRunningAttempts();
        rules.range("runningAttempts (count)", running.size(), 0, limits.maxSlots());
        var seen = new HashSet<String>();
        for (int i = 0; i < running.size() && rules.ok(); i++) {
            rules.id("runningAttempts[" + i + "]", running.get(i));
            if (rules.ok() && !seen.add(running.get(i))) {
                rules.fail("runningAttempts[" + i + "] must not repeat an earlier id, was " + running.get(i));
            }
        }
        return rules.reason();
    }

    /**
     * A {@code tasks.reports} value: ids within their lengths, a known kind and state (UNKNOWN is what a newer
     * producer's value reads as: no stage can act on it), a node id unless the attempt ended before it had one, a task
     * index and attempt >= 0, times not before 1970 with the start not after the time, bytes, CPU time and RAM in
     * range, a reason within its length.
     */
    public Optional<String> taskReport(TaskReport report) {
        var rules = new Rules();
        rules.id("decisionId", report.getDecisionId());
        rules.context = rules.ok() ? " (report " + report.getDecisionId() + ")" : "";
        rules.id("jobId", report.getJobId());
        // An attempt killed before it reached a node names none (the Google trace's KILL of a pending task); one that
        // succeeded ran somewhere.
        if (report.getState() == TaskState.SUCCEEDED) {
            rules.id("nodeId", report.getNodeId());
        } else {
            rules.text("nodeId", report.getNodeId(), limits.maxIdChars());
        }
        if (rules.ok() && report.getKind() == TaskKind.UNKNOWN) {
            rules.fail("kind must be MAP or REDUCE, was UNKNOWN");
        }
        if (rules.ok() && report.getState() == TaskState.UNKNOWN) {
            rules.fail("state must be a known state, was UNKNOWN");
        }
        // Not bounded by the tasks of a group: the Alibaba trace numbers instances by their global id; the planner
        // checks an index against its job's count.
        rules.range("taskIndex", report.getTaskIndex(), 0, Integer.MAX_VALUE);
        rules.range("attempt", report.getAttempt(), 0, Integer.MAX_VALUE);
        rules.notBefore1970("time", report.getTime());
        var start = report.getStartTime();
        if (start != null) {
            rules.notBefore1970("startTime", start);
            if (rules.ok() && start.isAfter(report.getTime())) {
                rules.fail("startTime must not be after time " + report.getTime() + ", was " + start);
            }
        }
        rules.range("inputBytes", report.getInputBytes(), 0, limits.maxTaskBytes());
        rules.finiteNotNegative("cpuSeconds", report.getCpuSeconds());
        rules.range("memoryBytes", report.getMemoryBytes(), 0, limits.maxMemoryBytes());
        if (report.getReason() != null) {
            rules.text("reason", report.getReason(), limits.maxNameChars());
        }
        return rules.reason();
    }

    /**
     * A {@code nodes.utilization} value: a node id within its length, a known metric, and a value that is a finite
     * fraction of capacity, in [0, 1] (NaN, infinities and negative values are refused).
     */
    public Optional<String> utilizationSample(UtilizationSample sample) {
        var rules = new Rules();
        rules.id("nodeId", sample.getNodeId());
        rules.context = rules.ok() ? " (node " + sample.getNodeId() + ", " + sample.getMetric() + ", "
                + sample.getSource() + ")" : "";
        if (rules.ok() && sample.getMetric() == Metric.UNKNOWN) {
            rules.fail("metric must be one of CPU, MEMORY, DISK, NETWORK, was UNKNOWN");
        }
        rules.range("value", sample.getValue(), 0, 1);
        return rules.reason();
    }

    /**
     * A {@code placements} value, as the QoS stage and executors read it: ids and the policy name within their
     * lengths, a known task kind, an index, attempt and epoch that are not negative, a time not before 1970, and a
     * demand, input and work in range.
     */
    public Optional<String> placementDecision(PlacementDecision placement) {
        var rules = new Rules();
        rules.id("decisionId", placement.getDecisionId());
        rules.context = rules.ok() ? " (placement " + placement.getDecisionId() + ")" : "";
        rules.id("jobId", placement.getJobId());
        rules.id("nodeId", placement.getNodeId());
        rules.id("policy", placement.getPolicy());
        if (rules.ok() && placement.getKind() == TaskKind.UNKNOWN) {
            rules.fail("kind must be MAP or REDUCE, was UNKNOWN");
        }
        rules.range("taskIndex", placement.getTaskIndex(), 0, Integer.MAX_VALUE);
        rules.range("attempt", placement.getAttempt(), 0, Integer.MAX_VALUE);
        rules.range("epoch", placement.getEpoch(), 0, Long.MAX_VALUE);
        rules.notBefore1970("notBefore", placement.getNotBefore());
        rules.range("inputBytes", placement.getInputBytes(), 0, limits.maxTaskBytes());
        rules.range("flopPerByte", placement.getFlopPerByte(), 0, limits.maxFlopPerByte());
        rules.range("demand.cpus", placement.getDemand().getCpus(), 0, limits.maxCpus());
        rules.range("demand.memoryBytes", placement.getDemand().getMemoryBytes(), 0, limits.maxMemoryBytes());
        return rules.reason();
    }

    /**
     * A {@code forecasts} value: a node id within its length, a known metric, a quantile in (0, 1), times not before
     * 1970, a start no more than one step from the issue time, a positive step, a safety margin in [0, 1], at most
     * {@link #MAX_FORECAST_POINTS} points, as many utilization as spare ones, utilization finite and not negative,
     * spare fractions in [0, 1]. Everything the forecaster stage writes keeps these.
     */
    public Optional<String> capacityForecast(CapacityForecast forecast) {
        var rules = new Rules();
        rules.id("nodeId", forecast.getNodeId());
        rules.context = rules.ok() ? " (node " + forecast.getNodeId() + ", " + forecast.getMetric() + ")" : "";
        if (rules.ok() && forecast.getMetric() == Metric.UNKNOWN) {
            rules.fail("metric must be one of CPU, MEMORY, DISK, NETWORK, was UNKNOWN");
        }
        rules.range("quantile", forecast.getQuantile(), Double.MIN_VALUE, Math.nextDown(1.0));
        rules.notBefore1970("issuedAt", forecast.getIssuedAt());
        rules.range("stepMillis", forecast.getStepMillis(), 1, Long.MAX_VALUE);
        if (rules.ok() && Math.abs(forecast.getStart().toEpochMilli() - forecast.getIssuedAt().toEpochMilli())
                > forecast.getStepMillis()) {
            rules.fail("start must be within one step of issuedAt " + forecast.getIssuedAt() + ", was "
                    + forecast.getStart());
        }
        rules.range("safetyMargin", forecast.getSafetyMargin(), 0, 1);
        var spare = forecast.getSpare();
        var utilization = forecast.getUtilization();
        rules.range("spare (count)", spare.size(), 0, MAX_FORECAST_POINTS);
        rules.range("utilization (count)", utilization.size(), spare.size(), spare.size());
        for (int i = 0; i < spare.size() && rules.ok(); i++) {
            rules.range("spare[" + i + "]", spare.get(i), 0, 1);
            rules.finiteNotNegative("utilization[" + i + "]", utilization.get(i));
        }
        return rules.reason();
    }

    /**
     * A {@code jobs.profiles} value's identity: a job name within its length and runs that are not negative. The
     * classifier's mapping checks the durations and counts (a stage that reads the profile applies it).
     */
    public Optional<String> jobProfile(JobProfile profile) {
        var rules = new Rules();
        rules.text("jobName", profile.getJobName(), limits.maxNameChars());
        if (rules.ok() && profile.getJobName().isBlank()) {
            rules.fail("jobName must not be blank");
        }
        rules.range("runs", profile.getRuns(), 0, Integer.MAX_VALUE);
        return rules.reason();
    }

    /** The first rule a record breaks; every check after the first failure does nothing. */
    private final class Rules {
        private String failure;
        private String context = "";

        boolean ok() {
            return failure == null;
        }

        void fail(String reason) {
            if (failure == null) {
                failure = reason;
            }
        }

        Optional<String> reason() {
            return failure == null ? Optional.empty() : Optional.of(failure + context);
        }

        /** Not blank and at most {@link InputLimits#maxIdChars()} long. */
        void id(String field, String value) {
            if (ok() && value.isBlank()) {
                fail(field + " must not be blank, was '" + value + "'");
            }
            text(field, value, limits.maxIdChars());
        }

        /** Not blank and at most {@code maxChars} long. */
        void nonBlankText(String field, String value, int maxChars) {
            if (ok() && value.isBlank()) {
                fail(field + " must not be blank, was '" + value + "'");
            }
            text(field, value, maxChars);
        }

        void withoutNul(String field, String value) {
            if (ok() && value.indexOf('\0') >= 0) {
                fail(field + " must not contain a NUL character, was one at index " + value.indexOf('\0'));
            }
        }

        void text(String field, String value, int maxChars) {
            if (ok() && value.length() > maxChars) {
                fail(field + " must be at most " + maxChars + " characters, was " + value.length() + " characters");
            }
        }

        void range(String field, long value, long min, long max) {
            if (ok() && (value < min || value > max)) {
                fail(field + " must be in " + min + ".." + max + ", was " + value);
            }
        }

        /** In [min, max] and finite; NaN fails. */
        void range(String field, double value, double min, double max) {
            if (ok() && !(value >= min && value <= max)) {
                fail(field + " must be finite and in [" + min + ", " + max + "], was " + value);
            }
        }

        /** Finite and >= 0; NaN fails. */
        void finiteNotNegative(String field, double value) {
            if (ok() && !(value >= 0 && value <= Double.MAX_VALUE)) {
                fail(field + " must be finite and >= 0, was " + value);
            }
        }

        /** In (0, max] and finite; NaN fails. */
        void positive(String field, double value, double max) {
            if (ok() && !(value > 0 && value <= max)) {
                fail(field + " must be finite and in (0, " + max + "], was " + value);
            }
        }

        void notBefore1970(String field, Instant time) {
            if (ok() && time.isBefore(Instant.EPOCH)) {
                fail(field + " must not be before " + Instant.EPOCH + ", was " + time);
            }
        }
    }
}
