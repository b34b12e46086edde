package io.gleaner.deploy.fuzz;

import io.gleaner.schemas.forecasts.SeriesKey;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Structurally valid events with one hostile field (the {@link HostileKind.Family#VALUE} kinds), or a valid event for
 * the other families to work on: each starts from a {@link ValidEvents} event and changes one thing, and says what.
 */
final class HostileValues {

    /** An event (a generated Avro record, or a telemetry document) with the key to send it under. */
    record Mutation(Object event, String key, Expectation expectation) {
    }

    private final RandomGenerator random;
    private final ValidEvents valid;
    private final Instant now;

    HostileValues(RandomGenerator random, ValidEvents valid, Instant now) {
        this.random = Objects.requireNonNull(random, "random");
        this.valid = Objects.requireNonNull(valid, "valid");
        this.now = Objects.requireNonNull(now, "now");
    }

    /** A valid event of {@code payload}, keyed by its id (a report is invalid: its attempt was never placed). */
    Mutation valid(Payload payload) {
        return switch (payload) {
            case JOB -> {
                var job = valid.job();
                yield new Mutation(job, job.getJobId(), Expectation.valid("a small job"));
            }
            case HEARTBEAT -> {
                var beat = valid.heartbeat(valid.node());
                yield new Mutation(beat, beat.getNodeId(), Expectation.valid("a heartbeat"));
            }
            case SAMPLE -> {
                var sample = valid.sample(valid.node());
                yield new Mutation(sample, sample.getNodeId(), Expectation.valid("a sample"));
            }
            case REPORT -> {
                var report = valid.report();
                yield new Mutation(report, report.getJobId(),
                        Expectation.invalid("report of an attempt that was never placed (job never submitted)"));
            }
            case FORECAST -> {
                var forecast = valid.forecast(valid.node(), random.nextBoolean() ? Metric.CPU : Metric.MEMORY);
                yield new Mutation(forecast, seriesKey(forecast), Expectation.valid("a forecast"));
            }
            case PROFILE -> {
                var profile = valid.profile(valid.jobName());
                yield new Mutation(profile, profile.getJobName(), Expectation.valid("a profile"));
            }
            case PLACEMENT -> {
                var placement = valid.placement(valid.node());
                yield new Mutation(placement, placement.getNodeId(), Expectation.valid("a placement"));
            }
            case TELEMETRY -> {
                var host = valid.node();
                yield new Mutation(valid.telemetry(host), host, Expectation.valid("a telegraf cpu or mem document"));
            }
        };
    }

    /** A valid event of {@code payload} with the hostile field of {@code kind} (a VALUE kind). */
    Mutation hostile(Payload payload, HostileKind kind) {
        if (kind.family() != HostileKind.Family.VALUE) {
            throw new IllegalArgumentException("not a value kind: " + kind);
        }
        return switch (payload) {
            case JOB -> job(kind);
            case HEARTBEAT -> heartbeat(kind);
            case SAMPLE -> sample(kind);
            case REPORT -> report(kind);
            case FORECAST -> forecast(kind);
            case PROFILE -> profile(kind);
            case PLACEMENT -> placement(kind);
            case TELEMETRY -> telemetry(kind);
        };
    }

    private Mutation job(HostileKind kind) {
        var job = valid.job();
        var maps = job.getTasks().get(0);
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                double bad = nonFinite();
                if (random.nextBoolean()) {
                    maps.setFlopPerByte(bad);
                    why = "tasks[MAP].flopPerByte " + bad;
                } else {
                    maps.getDemand().setCpus(bad);
                    why = "tasks[MAP].demand.cpus " + bad;
                }
            }
            case OUT_OF_RANGE -> {
                switch (random.nextInt(7)) {
                    case 0 -> {
                        job.setInputBytes(-1 - random.nextLong(1L << 40));
                        why = "inputBytes " + job.getInputBytes();
                    }
                    case 1 -> {
                        maps.setCount(-random.nextInt(1_000));
                        why = "tasks[MAP].count " + maps.getCount();
                    }
                    case 2 -> {
                        job.setTasks(List.of());
                        why = "no task groups";
                    }
                    case 3 -> {
                        maps.setKind(TaskKind.UNKNOWN);
                        why = "task kind UNKNOWN";
                    }
                    case 4 -> {
                        job.setTasks(List.of(maps, TaskGroup.newBuilder(maps).build()));
                        why = "two MAP groups";
                    }
                    case 5 -> {
                        maps.setBytesPerTask(-1 - random.nextLong(1L << 30));
                        why = "tasks[MAP].bytesPerTask " + maps.getBytesPerTask();
                    }
                    default -> {
                        job.setJobName(" ".repeat(random.nextInt(3)));
                        why = "blank jobName";
                    }
                }
            }
            case TIME_BEFORE_1970, TIME_AFTER_2100, TIME_HOURS_AHEAD -> {
                job.setSubmitTime(time(kind));
                job.setDeadline(null);
                why = "submitTime " + job.getSubmitTime();
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                var text = huge(kind);
                switch (random.nextInt(3)) {
                    case 0 -> job.setJobName(text);
                    case 1 -> job.setUser(text);
                    default -> job.setQueue(text);
                }
                why = "a string field of " + text.length() + " chars";
            }
            case HUGE_TASK_COUNT -> {
                maps.setCount(10_000_000 + random.nextInt(Integer.MAX_VALUE - 10_000_000));
                why = "tasks[MAP].count " + maps.getCount();
            }
            case HUGE_RESOURCES -> {
                if (random.nextBoolean()) {
                    maps.getDemand().setCpus(1e9 * (1 + random.nextInt(1_000)));
                    why = "tasks[MAP].demand.cpus " + maps.getDemand().getCpus();
                } else {
                    maps.getDemand().setMemoryBytes(Long.MAX_VALUE / (1 + random.nextInt(4)));
                    why = "tasks[MAP].demand.memoryBytes " + maps.getDemand().getMemoryBytes();
                }
            }
            case DEADLINE_BEFORE_SUBMISSION -> {
                job.setDeadline(job.getSubmitTime().minusMillis(1 + random.nextLong(Duration.ofDays(1).toMillis())));
                why = "deadline " + job.getDeadline() + " before submitTime " + job.getSubmitTime();
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to jobs");
        }
        return new Mutation(job, job.getJobId(), Expectation.invalid("job: " + why));
    }

    private Mutation heartbeat(HostileKind kind) {
        var beat = valid.heartbeat(valid.node());
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                double bad = nonFinite();
                switch (random.nextInt(3)) {
                    case 0 -> {
                        beat.setSpeedGflops(bad);
                        why = "speedGflops " + bad;
                    }
                    case 1 -> {
                        beat.getCapacity().setCpus(bad);
                        why = "capacity.cpus " + bad;
                    }
                    default -> {
                        beat.getFree().setCpus(bad);
                        why = "free.cpus " + bad;
                    }
                }
            }
            case OUT_OF_RANGE -> {
                switch (random.nextInt(6)) {
                    case 0 -> {
                        beat.setSlots(-1 - random.nextInt(100));
                        why = "slots " + beat.getSlots();
                    }
                    case 1 -> {
                        beat.setFreeSlots(beat.getSlots() + 1 + random.nextInt(100));
                        why = "freeSlots " + beat.getFreeSlots() + " > slots " + beat.getSlots();
                    }
                    case 2 -> {
                        beat.getCapacity().setMemoryBytes(-1 - random.nextLong(1L << 40));
                        why = "capacity.memoryBytes " + beat.getCapacity().getMemoryBytes();
                    }
                    case 3 -> {
                        beat.setSpeedGflops(-random.nextInt(10));
                        why = "speedGflops " + beat.getSpeedGflops();
                    }
                    case 4 -> {
                        beat.getFree().setCpus(beat.getCapacity().getCpus() * (2 + random.nextInt(10)));
                        why = "free.cpus " + beat.getFree().getCpus() + " > capacity.cpus "
                                + beat.getCapacity().getCpus();
                    }
                    default -> {
                        // Negative: a capacity of 0 is a valid heartbeat, a node that can run nothing (removed from
                        // the cluster, as the Google trace's REMOVE events say); see InputChecks.nodeHeartbeat.
                        beat.getCapacity().setCpus(-1 - random.nextInt(64));
                        beat.getFree().setCpus(0);
                        why = "capacity.cpus " + beat.getCapacity().getCpus();
                    }
                }
            }
            case TIME_BEFORE_1970, TIME_AFTER_2100, TIME_HOURS_AHEAD -> {
                beat.setTime(time(kind));
                why = "time " + beat.getTime();
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                var text = huge(kind);
                switch (random.nextInt(3)) {
                    case 0 -> beat.setRack(text);
                    case 1 -> beat.setLabels(List.of(text));
                    default -> beat.setRunningAttempts(List.of(text));
                }
                why = "a string field of " + text.length() + " chars";
            }
            case HUGE_TASK_COUNT -> {
                beat.setSlots(10_000_000 + random.nextInt(Integer.MAX_VALUE - 10_000_000));
                beat.setFreeSlots(beat.getSlots());
                why = "slots " + beat.getSlots();
            }
            case HUGE_RESOURCES -> {
                double cores = 1e9 * (1 + random.nextInt(1_000));
                beat.setCapacity(new Resources(cores, Long.MAX_VALUE / 2));
                beat.setFree(new Resources(cores, Long.MAX_VALUE / 2));
                why = "capacity.cpus " + cores + ", memoryBytes " + Long.MAX_VALUE / 2;
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to heartbeats");
        }
        return new Mutation(beat, beat.getNodeId(), Expectation.invalid("heartbeat: " + why));
    }

    private Mutation sample(HostileKind kind) {
        var sample = valid.sample(valid.node());
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                sample.setValue(nonFinite());
                why = "value " + sample.getValue();
            }
            case OUT_OF_RANGE -> {
                if (random.nextInt(3) == 0) {
                    sample.setMetric(Metric.UNKNOWN);
                    why = "metric UNKNOWN";
                } else {
                    sample.setValue(random.nextBoolean() ? -0.001 - random.nextDouble() : 1.001 + random.nextInt(1_000_000));
                    why = "value " + sample.getValue();
                }
            }
            case TIME_BEFORE_1970, TIME_AFTER_2100, TIME_HOURS_AHEAD -> {
                sample.setTime(time(kind));
                why = "time " + sample.getTime();
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                sample.setNodeId(huge(kind));
                why = "nodeId (and key) of " + sample.getNodeId().length() + " chars";
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to samples");
        }
        return new Mutation(sample, sample.getNodeId(), Expectation.invalid("sample: " + why));
    }

    private Mutation report(HostileKind kind) {
        var report = valid.report();
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                report.setCpuSeconds(nonFinite());
                why = "cpuSeconds " + report.getCpuSeconds();
            }
            case OUT_OF_RANGE -> {
                switch (random.nextInt(5)) {
                    case 0 -> {
                        report.setTaskIndex(-1 - random.nextInt(100));
                        why = "taskIndex " + report.getTaskIndex();
                    }
                    case 1 -> {
                        report.setAttempt(-1 - random.nextInt(100));
                        why = "attempt " + report.getAttempt();
                    }
                    case 2 -> {
                        report.setStartTime(report.getTime().plusMillis(1 + random.nextInt(60_000)));
                        why = "startTime after time";
                    }
                    case 3 -> {
                        report.setState(TaskState.UNKNOWN);
                        why = "state UNKNOWN";
                    }
                    default -> {
                        report.setDecisionId(report.getJobId() + "/r/99/7");
                        why = "decisionId " + report.getDecisionId() + " is not its task's";
                    }
                }
            }
            case TIME_BEFORE_1970, TIME_AFTER_2100, TIME_HOURS_AHEAD -> {
                report.setTime(time(kind));
                report.setStartTime(null);
                why = "time " + report.getTime();
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                var text = huge(kind);
                if (random.nextBoolean()) {
                    report.setReason(text);
                } else {
                    report.setNodeId(text);
                }
                why = "a string field of " + text.length() + " chars";
            }
            case HUGE_TASK_COUNT -> {
                report.setTaskIndex(10_000_000 + random.nextInt(Integer.MAX_VALUE - 10_000_000));
                report.setDecisionId(report.getJobId() + "/m/" + report.getTaskIndex() + "/0");
                why = "taskIndex " + report.getTaskIndex();
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to reports");
        }
        return new Mutation(report, report.getJobId(), Expectation.invalid("report: " + why
                + " (and its attempt was never placed)"));
    }

    private Mutation forecast(HostileKind kind) {
        var forecast = valid.forecast(valid.node(), random.nextBoolean() ? Metric.CPU : Metric.MEMORY);
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                double bad = nonFinite();
                switch (random.nextInt(4)) {
                    case 0 -> {
                        forecast.setQuantile(bad);
                        why = "quantile " + bad;
                    }
                    case 1 -> {
                        forecast.setUtilization(with(forecast.getUtilization(), bad));
                        why = "a utilization step " + bad;
                    }
                    case 2 -> {
                        forecast.setSpare(with(forecast.getSpare(), bad));
                        why = "a spare step " + bad;
                    }
                    default -> {
                        forecast.setSafetyMargin(bad);
                        why = "safetyMargin " + bad;
                    }
                }
            }
            case OUT_OF_RANGE -> {
                switch (random.nextInt(6)) {
                    case 0 -> {
                        forecast.setStepMillis(-random.nextInt(100_000));
                        why = "stepMillis " + forecast.getStepMillis();
                    }
                    case 1 -> {
                        forecast.setSpare(with(forecast.getSpare(), 1.001 + random.nextInt(1_000)));
                        why = "a spare step above 1";
                    }
                    case 2 -> {
                        forecast.setSpare(with(forecast.getSpare(), -0.001 - random.nextDouble()));
                        why = "a negative spare step";
                    }
                    case 3 -> {
                        forecast.setQuantile(random.nextBoolean() ? 0 : 1 + random.nextDouble());
                        why = "quantile " + forecast.getQuantile();
                    }
                    case 4 -> {
                        forecast.setSpare(forecast.getSpare().subList(0, 3));
                        why = "3 spare steps for 12 utilization steps";
                    }
                    default -> {
                        forecast.setMetric(Metric.UNKNOWN);
                        why = "metric UNKNOWN";
                    }
                }
            }
            case TIME_BEFORE_1970, TIME_AFTER_2100, TIME_HOURS_AHEAD -> {
                forecast.setIssuedAt(time(kind));
                forecast.setStart(forecast.getIssuedAt());
                why = "issuedAt and start " + forecast.getIssuedAt();
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                forecast.setNodeId(huge(kind));
                why = "nodeId (and key) of " + forecast.getNodeId().length() + " chars";
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to forecasts");
        }
        return new Mutation(forecast, seriesKey(forecast), Expectation.invalid("forecast: " + why));
    }

    private Mutation profile(HostileKind kind) {
        var profile = valid.profile(valid.jobName());
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                double bad = nonFinite();
                if (random.nextBoolean()) {
                    profile.setMapAvg(bad);
                    why = "mapAvg " + bad;
                } else {
                    var key = profile.getMeanTaskMillisByNode().keySet().iterator().next();
                    profile.setMeanTaskMillisByNode(Map.of(key, bad));
                    why = "meanTaskMillisByNode " + bad;
                }
            }
            case OUT_OF_RANGE -> {
                switch (random.nextInt(4)) {
                    case 0 -> {
                        profile.setRuns(-random.nextInt(100));
                        why = "runs " + profile.getRuns();
                    }
                    case 1 -> {
                        profile.setMapMin(profile.getMapMax() + 1 + random.nextInt(1_000));
                        why = "mapMin > mapMax";
                    }
                    case 2 -> {
                        profile.setMapInputBytes(-1 - random.nextLong(1L << 40));
                        why = "mapInputBytes " + profile.getMapInputBytes();
                    }
                    default -> {
                        profile.setMapCount(profile.getMapCount() + 1 + random.nextInt(100));
                        why = "mapCount " + profile.getMapCount() + " does not match the per-node counts";
                    }
                }
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                profile.setJobName(huge(kind));
                why = "jobName (and key) of " + profile.getJobName().length() + " chars";
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to profiles");
        }
        return new Mutation(profile, profile.getJobName(), Expectation.invalid("profile: " + why));
    }

    private Mutation placement(HostileKind kind) {
        var placement = valid.placement(valid.node());
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                double bad = nonFinite();
                if (random.nextBoolean()) {
                    placement.getDemand().setCpus(bad);
                    why = "demand.cpus " + bad;
                } else {
                    placement.setFlopPerByte(bad);
                    why = "flopPerByte " + bad;
                }
            }
            case OUT_OF_RANGE -> {
                switch (random.nextInt(4)) {
                    case 0 -> {
                        placement.getDemand().setMemoryBytes(-1 - random.nextLong(1L << 40));
                        why = "demand.memoryBytes " + placement.getDemand().getMemoryBytes();
                    }
                    case 1 -> {
                        placement.getDemand().setCpus(-1 - random.nextInt(64));
                        why = "demand.cpus " + placement.getDemand().getCpus();
                    }
                    case 2 -> {
                        placement.setDecisionId(" ");
                        why = "blank decisionId";
                    }
                    default -> {
                        placement.setKind(TaskKind.UNKNOWN);
                        why = "kind UNKNOWN";
                    }
                }
            }
            case TIME_BEFORE_1970, TIME_AFTER_2100, TIME_HOURS_AHEAD -> {
                var time = time(kind);
                placement.setEpoch(time.toEpochMilli());
                placement.setNotBefore(time);
                why = "epoch and notBefore " + time;
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                placement.setPolicy(huge(kind));
                why = "policy of " + placement.getPolicy().length() + " chars";
            }
            case HUGE_RESOURCES -> {
                placement.setDemand(new Resources(1e9 * (1 + random.nextInt(1_000)), Long.MAX_VALUE / 2));
                why = "demand.cpus " + placement.getDemand().getCpus();
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to placements");
        }
        return new Mutation(placement, placement.getNodeId(), Expectation.invalid("placement: " + why));
    }

    private Mutation telemetry(HostileKind kind) {
        var host = valid.node();
        long seconds = Math.floorDiv(valid.nextTime().toEpochMilli(), 1000);
        boolean cpu = random.nextBoolean();
        String document;
        String why;
        switch (kind) {
            case NAN_FIELD -> {
                var bad = random.nextBoolean() ? "\"NaN\"" : "1e999";
                document = cpu ? Telemetry.cpu(host, seconds, bad) : Telemetry.mem(host, seconds, bad);
                why = "value " + bad;
            }
            case OUT_OF_RANGE -> {
                var bad = random.nextBoolean() ? "-" + (1 + random.nextInt(100)) : "" + (101 + random.nextInt(10_000));
                document = cpu ? Telemetry.cpu(host, seconds, bad) : Telemetry.mem(host, seconds, bad);
                why = "percentage " + bad;
            }
            case TIME_BEFORE_1970, TIME_AFTER_2100, TIME_HOURS_AHEAD -> {
                long at = Math.floorDiv(time(kind).toEpochMilli(), 1000);
                document = cpu ? Telemetry.cpu(host, at, "50.0") : Telemetry.mem(host, at, "50.0");
                why = "timestamp " + at + " s";
            }
            case HUGE_STRING, HUGE_STRING_NEAR_SIZE_LIMIT -> {
                host = huge(kind);
                document = cpu ? Telemetry.cpu(host, seconds, "50.0") : Telemetry.mem(host, seconds, "50.0");
                why = "host of " + host.length() + " chars";
            }
            default -> throw new IllegalArgumentException(kind + " does not apply to telemetry");
        }
        return new Mutation(document, host, Expectation.invalid("telemetry: " + why));
    }

    private Instant time(HostileKind kind) {
        return switch (kind) {
            case TIME_BEFORE_1970 -> HostileTimes.before1970(random);
            case TIME_AFTER_2100 -> HostileTimes.after2100(random);
            case TIME_HOURS_AHEAD -> HostileTimes.hoursAhead(random, now);
            default -> throw new IllegalArgumentException("not a time kind: " + kind);
        };
    }

    private String huge(HostileKind kind) {
        return kind == HostileKind.HUGE_STRING_NEAR_SIZE_LIMIT ? HugeStrings.nearLimit(random) : HugeStrings.huge(random);
    }

    private double nonFinite() {
        return switch (random.nextInt(3)) {
            case 0 -> Double.NaN;
            case 1 -> Double.POSITIVE_INFINITY;
            default -> Double.NEGATIVE_INFINITY;
        };
    }

    /** {@code values} with one step replaced by {@code value}. */
    private List<Double> with(List<Double> values, double value) {
        var changed = new ArrayList<>(values);
        changed.set(random.nextInt(changed.size()), value);
        return changed;
    }

    /** The key of a forecast on its topic, as the forecaster writes it ({@code nodeId/METRIC}). */
    static String seriesKey(CapacityForecast forecast) {
        return SeriesKey.text(forecast.getNodeId(), forecast.getMetric());
    }
}
