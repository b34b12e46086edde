package io.gleaner.ingest.google;

import static io.gleaner.ingest.google.GoogleFixtures.SOURCE;
import static io.gleaner.ingest.google.GoogleFixtures.drain;
import static io.gleaner.ingest.google.GoogleFixtures.taskReader;
import static io.gleaner.ingest.google.GoogleFixtures.trace;
import static io.gleaner.ingest.google.GoogleFixtures.values;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GoogleTaskEventReaderTest {

    private static final long GIB = 1024L * 1024 * 1024;
    private static final long MIB = 1024L * 1024;
    private static final Instant TIME_0 = Instant.parse("2011-05-01T22:50:00Z");
    private static final String USER = "8OkMisyvwLRFV8wxW85Psk0o/my2wpLBMFuoz4pvotY=";
    // Task 0 of job 6251748207 in part 00000 of the trace: submitted, scheduled on 16913931, killed.
    private static final String SUBMIT = "1517557392,,6251748207,0,,0," + USER + ",0,9,0.01256,0.1335,6.39e-05,0";
    private static final String SCHEDULE = "1519103434,,6251748207,0,16913931,1," + USER + ",0,9,0.01256,0.1335,6.39e-05,0";
    private static final String KILL = "2277020412,,6251748207,0,,5," + USER + ",0,9,0.01256,0.1335,6.39e-05,0";

    @Test
    void shouldMapASubmitToAJobOfOneTaskFieldByField() {
        var rows = drain(taskReader(trace(SUBMIT)));

        var time = TIME_0.plusMillis(1_517_557);
        var expected = JobSubmitted.newBuilder()
                .setJobId("6251748207/0")
                .setJobName("6251748207")
                .setUser(USER)
                .setQueue("default")
                .setPriority(9)
                .setSubmitTime(time)
                .setDeadline(null)
                .setInputBytes(128 * MIB)
                .setShuffleBytes(0)
                .setOutputBytes(0)
                .setTasks(List.of(TaskGroup.newBuilder()
                        .setKind(TaskKind.MAP)
                        .setCount(1)
                        .setBytesPerTask(128 * MIB)
                        .setLastTaskBytes(128 * MIB)
                        .setFlopPerByte(3100)
                        // 0.01256 of 32 cores; 0.1335 of 128 GiB.
                        .setDemand(new Resources(0.01256 * 32, Math.round(0.1335 * 128 * GIB)))
                        .setDataset("6251748207/0/input")
                        .setFirstChunk(0)
                        .build()))
                .build();
        assertThat(rows).singleElement()
                .isEqualTo(new TraceRow.Parsed<SpecificRecord>(1, time, "6251748207/0", expected));
    }

    @Test
    void shouldMapAScheduleToALaunchOnItsMachine() {
        var rows = drain(taskReader(trace(SCHEDULE)));

        var time = TIME_0.plusMillis(1_519_103);
        var expected = TaskReport.newBuilder()
                .setDecisionId("6251748207/0/m/0/0")
                .setJobId("6251748207/0")
                .setKind(TaskKind.MAP)
                .setTaskIndex(0)
                .setAttempt(0)
                .setNodeId("16913931")
                .setState(TaskState.LAUNCHED)
                .setTime(time)
                .setStartTime(null)
                .setLocal(true)
                .setInputBytes(0)
                .setCpuSeconds(0)
                .setMemoryBytes(Math.round(0.1335 * 128 * GIB))
                .setReason(null)
                .build();
        assertThat(rows).singleElement()
                .isEqualTo(new TraceRow.Parsed<SpecificRecord>(1, time, "6251748207/0", expected));
    }

    @Test
    void shouldReportAKillWithoutAMachineOnAnUnknownNode() {
        var report = (TaskReport) values(drain(taskReader(trace(KILL)))).get(0);

        assertThat(report.getState()).isEqualTo(TaskState.KILLED);
        assertThat(report.getNodeId()).isEmpty();
        assertThat(report.getReason()).isEqualTo("google task event KILL");
        assertThat(report.getDecisionId()).isEqualTo("6251748207/0/m/0/0");
        assertThat(report.getMemoryBytes()).isZero();
    }

    static Stream<Arguments> ends() {
        return Stream.of(
                Arguments.of(Named.of("EVICT", 2), TaskState.PREEMPTED, "google task event EVICT"),
                Arguments.of(Named.of("FAIL", 3), TaskState.FAILED, "google task event FAIL"),
                Arguments.of(Named.of("FINISH", 4), TaskState.SUCCEEDED, null),
                Arguments.of(Named.of("KILL", 5), TaskState.KILLED, "google task event KILL"),
                Arguments.of(Named.of("LOST", 6), TaskState.KILLED, "google task event LOST"));
    }

    @ParameterizedTest
    @MethodSource("ends")
    void shouldMapTheEndEventsToStates(int type, TaskState state, String reason) {
        var report = (TaskReport) values(drain(taskReader(trace(
                "3000000000,,42,7,99," + type + ",u,1,2,0.1,0.1,0,1")))).get(0);

        assertThat(report.getState()).isEqualTo(state);
        assertThat(report.getReason()).isEqualTo(reason);
        assertThat(report.getNodeId()).isEqualTo("99");
        assertThat(report.getJobId()).isEqualTo("42/7");
        assertThat(report.getTime()).isEqualTo(TIME_0.plusSeconds(3000));
    }

    @Test
    void shouldSayInTheReasonWhenTheRecordWasSynthesised() {
        var report = (TaskReport) values(drain(taskReader(trace("3000000000,1,42,7,99,2,u,1,2,0.1,0.1,0,1")))).get(0);

        assertThat(report.getReason()).isEqualTo("google task event EVICT; missing info 1");
    }

    @Test
    void shouldGiveAJobWithoutUserTheDefaultUserAndHonourTheRule() {
        var rule = GoogleTraceRule.defaults().withPrefixes("g/", "m-").withTaskBytes(0);
        try (var reader = new GoogleTaskEventReader(GoogleFixtures.input(trace("0,,42,7,,0,,1,0,0.5,0.25,,")), rule, 9)) {
            var row = (TraceRow.Parsed<SpecificRecord>) reader.next();
            var job = (JobSubmitted) row.value();

            assertThat(row.key()).isEqualTo("g/42/7");
            assertThat(row.eventTime()).isEqualTo(TIME_0);
            assertThat(job.getUser()).isEqualTo("default");
            assertThat(job.getPriority()).isZero();
            assertThat(job.getInputBytes()).isZero();
            assertThat(job.getTasks().get(0).getBytesPerTask()).isZero();
            assertThat(job.getTasks().get(0).getDemand()).isEqualTo(new Resources(16.0, 32 * GIB));
        }
    }

    @Test
    void shouldKeepTheRowsOfOneTaskInFileOrderUnderOneJobId() {
        var records = values(drain(taskReader(trace(SUBMIT, SCHEDULE, KILL))));

        assertThat(records).hasSize(3);
        assertThat(records.get(0)).isInstanceOf(JobSubmitted.class);
        assertThat(records.subList(1, 3)).allSatisfy(record -> assertThat(record).isInstanceOf(TaskReport.class));
        assertThat(records.subList(1, 3)).extracting(record -> ((TaskReport) record).getJobId())
                .containsOnly(((JobSubmitted) records.get(0)).getJobId());
    }

    static Stream<Arguments> badRows() {
        var tail = ",u,1,2,0.1,0.1,0,1";
        return Stream.of(
                Arguments.of(Named.of("twelve fields", "0,,42,7,99,1,u,1,2,0.1,0.1,0"),
                        "expected 13 comma-separated fields (timestamp, missing info, job ID, task index, machine ID,"
                                + " event type, user, scheduling class, priority, CPU request, memory request, disk"
                                + " space request, different-machine restriction), found 12"),
                Arguments.of(Named.of("after the trace", "9223372036854775807,,42,7,99,1" + tail),
                        "timestamp 9223372036854775807 means after the end of the trace: there is no instant to give"
                                + " the record"),
                Arguments.of(Named.of("missing info 3", "0,3,42,7,99,1" + tail), "missing info must be in 0..2, was 3"),
                Arguments.of(Named.of("job ID not a number", "0,,j42,7,99,1" + tail),
                        "job ID must be a whole number, was 'j42'"),
                Arguments.of(Named.of("task index past an int", "0,,42,2147483648,99,1" + tail),
                        "task index must be in 0..2147483647, was 2147483648"),
                Arguments.of(Named.of("negative machine", "0,,42,7,-99,1" + tail),
                        "machine ID must be in 0..9223372036854775807, was -99"),
                Arguments.of(Named.of("event type 9", "0,,42,7,99,9" + tail),
                        "event type must be 0 (SUBMIT) to 8 (UPDATE_RUNNING), was 9"),
                Arguments.of(Named.of("scheduling class 4", "0,,42,7,99,1,u,4,2,0.1,0.1,0,1"),
                        "scheduling class must be in 0..3, was 4"),
                Arguments.of(Named.of("priority 12", "0,,42,7,99,1,u,1,12,0.1,0.1,0,1"),
                        "priority must be in 0..11, was 12"),
                Arguments.of(Named.of("priority empty", "0,,42,7,99,1,u,1,,0.1,0.1,0,1"), "priority is empty"),
                Arguments.of(Named.of("negative CPU request", "0,,42,7,99,1,u,1,2,-0.1,0.1,0,1"),
                        "CPU request must be >= 0, was -0.1"),
                Arguments.of(Named.of("disk request not a number", "0,,42,7,99,1,u,1,2,0.1,0.1,x,1"),
                        "disk space request must be a number, was 'x'"),
                Arguments.of(Named.of("restriction 2", "0,,42,7,99,1,u,1,2,0.1,0.1,0,2"),
                        "different-machine restriction must be in 0..1, was 2"),
                Arguments.of(Named.of("SUBMIT without requests (missing info 2)",
                        "0,2,3418309,0,4155527081,0,70s3v5qRyCO/1PCdI6fVXnrW8FU/w+5CKRSa72xgcIo=,3,9,,,,"),
                        "CPU request is empty: a SUBMIT without a request gives no task demand"),
                Arguments.of(Named.of("SUBMIT without memory request", "0,,42,7,,0,u,1,2,0.1,,0,1"),
                        "memory request is empty: a SUBMIT without a request gives no task demand"),
                Arguments.of(Named.of("SUBMIT of no CPU", "0,,42,7,,0,u,1,2,0,0.1,0,1"),
                        "CPU request is 0: a task must hold some of a core for its run time to be defined"),
                Arguments.of(Named.of("SCHEDULE without a machine", "0,,42,7,,1" + tail),
                        "machine ID is empty: a SCHEDULE must name the machine the task starts on"),
                Arguments.of(Named.of("UPDATE_PENDING", "0,,42,7,,7" + tail),
                        "event type UPDATE_PENDING (7) changes a task's request or priority; the canonical topics have"
                                + " no record for it"),
                Arguments.of(Named.of("UPDATE_RUNNING", "0,,42,7,99,8" + tail),
                        "event type UPDATE_RUNNING (8) changes a task's request or priority; the canonical topics have"
                                + " no record for it"));
    }

    @ParameterizedTest
    @MethodSource("badRows")
    void shouldRejectABadRowWithAReasonNamingTheFieldAndGoOn(String line, String reason) {
        var rows = drain(taskReader(trace(line, SUBMIT)));

        assertThat(rows).hasSize(2);
        var rejected = (TraceRow.Rejected<SpecificRecord>) rows.get(0);
        assertThat(rejected.reason()).isEqualTo(reason);
        assertThat(rejected.deadLetter().getSourceTopic()).isEqualTo(SOURCE);
        assertThat(rejected.deadLetter().getPartition()).isEqualTo(-1);
        assertThat(rejected.deadLetter().getOffset()).isEqualTo(1);
        assertThat(UTF_8.decode(rejected.deadLetter().getValue()).toString()).isEqualTo(line);
        assertThat(rejected.deadLetter().getStage()).isEqualTo("ingest");
        assertThat(rows.get(1)).isInstanceOf(TraceRow.Parsed.class);
    }
}
