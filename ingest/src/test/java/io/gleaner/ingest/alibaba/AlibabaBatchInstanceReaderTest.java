package io.gleaner.ingest.alibaba;

import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.SOURCE;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.drain;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.input;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.instanceReader;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.trace;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.values;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlibabaBatchInstanceReaderTest {

    private static final long GIB = 1024L * 1024 * 1024;
    private static final Instant EPOCH = Instant.parse("2018-01-01T00:00:00Z");

    @Test
    void shouldMapATerminatedInstanceFieldByField() {
        var rows = drain(instanceReader(trace("ins_74901673,M1,j_217,10,Terminated,673795,673805,m_2637,1,1,"
                + "13,16,0.02,0.5")));

        var expected = TaskReport.newBuilder()
                .setDecisionId("j_217/M1/m/74901673/0")
                .setJobId("j_217/M1")
                .setKind(TaskKind.MAP)
                .setTaskIndex(74_901_673)
                .setAttempt(0)
                .setNodeId("m_2637")
                .setState(TaskState.SUCCEEDED)
                .setTime(EPOCH.plusSeconds(673_805))
                .setStartTime(EPOCH.plusSeconds(673_795))
                .setLocal(true)
                .setInputBytes(0)
                // cpu_avg 13 = 0.13 cores for 10 s.
                .setCpuSeconds(0.13 * 10)
                // mem_max 0.5 % of 100 GiB.
                .setMemoryBytes(Math.round(0.005 * 100 * GIB))
                .setReason(null)
                .build();
        assertThat(rows).singleElement()
                .isEqualTo(new TraceRow.Parsed<>(1, EPOCH.plusSeconds(673_805), "j_217/M1", expected));
    }

    static Stream<Arguments> states() {
        return Stream.of(
                Arguments.of(Named.of("Failed", "Failed"), TaskState.FAILED, "alibaba status Failed"),
                Arguments.of(Named.of("Cancelled", "Cancelled"), TaskState.KILLED, "alibaba status Cancelled"),
                Arguments.of(Named.of("Interrupted backup instance", "Interrupted"), TaskState.KILLED,
                        "alibaba status Interrupted"),
                Arguments.of(Named.of("Terminated", "Terminated"), TaskState.SUCCEEDED, null));
    }

    @ParameterizedTest
    @MethodSource("states")
    void shouldMapTheStatusOfAnEndedInstanceToAState(String status, TaskState state, String reason) {
        var report = values(drain(instanceReader(trace("ins_5,R2_1,j_1,1," + status + ",100,130,m_1,2,3,50,80,"
                + "0.1,0.2")))).get(0);

        assertThat(report.getState()).isEqualTo(state);
        assertThat(report.getReason()).isEqualTo(reason);
        // seq_no 2 is the second run: attempt 1; R is a reduce.
        assertThat(report.getDecisionId()).isEqualTo("j_1/R2_1/r/5/1");
        assertThat(report.getAttempt()).isEqualTo(1);
        assertThat(report.getTime()).isEqualTo(EPOCH.plusSeconds(130));
        assertThat(report.getStartTime()).isEqualTo(EPOCH.plusSeconds(100));
        assertThat(report.getCpuSeconds()).isEqualTo(0.5 * 30);
    }

    @Test
    void shouldReportARunningInstanceAsLaunchedAtItsStart() {
        var report = values(drain(instanceReader(trace("ins_9,M1,j_1,1,Running,500,0,m_3,1,1,,,,")))).get(0);

        assertThat(report.getState()).isEqualTo(TaskState.LAUNCHED);
        assertThat(report.getTime()).isEqualTo(EPOCH.plusSeconds(500));
        assertThat(report.getStartTime()).isNull();
        assertThat(report.getCpuSeconds()).isZero();
        assertThat(report.getMemoryBytes()).isZero();
        assertThat(report.getNodeId()).isEqualTo("m_3");
    }

    @Test
    void shouldTakeEmptyUsageAsUnknown() {
        var report = values(drain(instanceReader(trace("ins_9,M1,j_1,1,Terminated,500,600,m_3,1,1,,,,")))).get(0);

        assertThat(report.getCpuSeconds()).isZero();
        assertThat(report.getMemoryBytes()).isZero();
        assertThat(report.getState()).isEqualTo(TaskState.SUCCEEDED);
    }

    @Test
    void shouldNameTheSameJobAndKindAsTheTaskRowOfItsTask() {
        var rule = AlibabaJobRule.defaults().withJobIdPrefix("ali/").withNodeIdPrefix("ali-");
        var taskRow = "J3_1_2,4,j_8,1,Terminated,10,20,100,1";
        var instanceRow = "ins_77,J3_1_2,j_8,1,Terminated,10,20,m_4,1,1,90,100,0.5,0.6";
        try (var tasks = new AlibabaBatchTaskReader(input(trace(taskRow)), rule, 1);
             var instances = new AlibabaBatchInstanceReader(input(trace(instanceRow)), rule, 1)) {
            var job = ((TraceRow.Parsed<io.gleaner.schemas.avro.JobSubmitted>) tasks.next()).value();
            var report = ((TraceRow.Parsed<TaskReport>) instances.next()).value();

            assertThat(report.getJobId()).isEqualTo(job.getJobId()).isEqualTo("ali/j_8/J3_1_2");
            assertThat(report.getKind()).isEqualTo(job.getTasks().get(0).getKind()).isEqualTo(TaskKind.REDUCE);
            assertThat(report.getDecisionId()).isEqualTo("ali/j_8/J3_1_2/r/77/0");
            assertThat(report.getNodeId()).isEqualTo("ali-m_4");
        }
    }

    static Stream<Arguments> badRows() {
        return Stream.of(
                Arguments.of(Named.of("too many fields", "ins_1,M1,j_1,1,Terminated,1,2,m_1,1,1,1,1,1,1,1"),
                        "expected 14 comma-separated fields (instance_name, task_name, job_name, task_type, status,"
                                + " start_time, end_time, machine_id, seq_no, total_seq_no, cpu_avg, cpu_max, mem_avg,"
                                + " mem_max), found 15"),
                Arguments.of(Named.of("empty instance name", ",M1,j_1,1,Terminated,1,2,m_1,1,1,1,1,1,1"),
                        "instance_name is empty"),
                Arguments.of(Named.of("instance name without a number", "ins_x,M1,j_1,1,Terminated,1,2,m_1,1,1,1,1,1,1"),
                        "instance_name must end in a number (e.g. ins_123) to give the task index, was 'ins_x'"),
                Arguments.of(Named.of("instance number past an int", "ins_2147483648,M1,j_1,1,Terminated,1,2,m_1,1,1,"
                        + "1,1,1,1"), "instance_name's number must be at most 2147483647 to be a task index, was"
                        + " 'ins_2147483648'"),
                Arguments.of(Named.of("empty task name", "ins_1,,j_1,1,Terminated,1,2,m_1,1,1,1,1,1,1"),
                        "task_name is empty"),
                Arguments.of(Named.of("empty job name", "ins_1,M1,,1,Terminated,1,2,m_1,1,1,1,1,1,1"),
                        "job_name is empty"),
                Arguments.of(Named.of("unknown status", "ins_1,M1,j_1,1,Finished,1,2,m_1,1,1,1,1,1,1"),
                        "status must be one of Terminated, Failed, Running, Waiting, Ready, Cancelled, Interrupted,"
                                + " was 'Finished'"),
                Arguments.of(Named.of("never started: Waiting", "ins_1,M1,j_1,1,Waiting,0,0,,1,1,,,,"),
                        "status Waiting: the instance never started, so there is no attempt on a node to report"),
                Arguments.of(Named.of("never started: Ready", "ins_1,M1,j_1,1,Ready,0,0,,1,1,,,,"),
                        "status Ready: the instance never started, so there is no attempt on a node to report"),
                Arguments.of(Named.of("start not a number", "ins_1,M1,j_1,1,Terminated,soon,2,m_1,1,1,1,1,1,1"),
                        "start_time must be a whole number, was 'soon'"),
                Arguments.of(Named.of("ended with end 0", "ins_1,M1,j_1,1,Failed,5,0,m_1,1,1,1,1,1,1"),
                        "end_time is 0 for an instance whose status is Failed"),
                Arguments.of(Named.of("ends before it starts", "ins_1,M1,j_1,1,Terminated,5,4,m_1,1,1,1,1,1,1"),
                        "end_time 4 is before start_time 5"),
                Arguments.of(Named.of("no machine", "ins_1,M1,j_1,1,Terminated,1,2,,1,1,1,1,1,1"),
                        "machine_id is empty"),
                Arguments.of(Named.of("seq_no 0", "ins_1,M1,j_1,1,Terminated,1,2,m_1,0,1,1,1,1,1"),
                        "seq_no must be >= 1, was 0"),
                Arguments.of(Named.of("seq_no past an int", "ins_1,M1,j_1,1,Terminated,1,2,m_1,2147483648,1,1,1,1,1"),
                        "seq_no must be at most 2147483647, was 2147483648"),
                Arguments.of(Named.of("total_seq_no empty", "ins_1,M1,j_1,1,Terminated,1,2,m_1,1,,1,1,1,1"),
                        "total_seq_no must be a whole number, was ''"),
                Arguments.of(Named.of("negative cpu_avg", "ins_1,M1,j_1,1,Terminated,1,2,m_1,1,1,-3,1,1,1"),
                        "cpu_avg must be >= 0, was -3"),
                Arguments.of(Named.of("cpu_max not a number", "ins_1,M1,j_1,1,Terminated,1,2,m_1,1,1,1,x,1,1"),
                        "cpu_max must be a number, was 'x'"),
                Arguments.of(Named.of("mem_avg NaN", "ins_1,M1,j_1,1,Terminated,1,2,m_1,1,1,1,1,NaN,1"),
                        "mem_avg must be a finite number, was 'NaN'"),
                Arguments.of(Named.of("mem_max 101 (the trace's invalid value)", "ins_1,M1,j_1,1,Terminated,1,2,m_1,1,"
                        + "1,1,1,1,101"), "mem_max must be in [0, 100], was 101"),
                Arguments.of(Named.of("end past a timestamp", "ins_1,M1,j_1,1,Terminated,1,9223372036854775000,m_1,1,1,"
                        + "1,1,1,1"), "end_time 9223372036854775000 is past what a timestamp holds"));
    }

    @ParameterizedTest
    @MethodSource("badRows")
    void shouldRejectABadRowWithAReasonNamingTheFieldAndGoOn(String line, String reason) {
        var rows = drain(instanceReader(trace("ins_1,M1,j_ok,1,Terminated,1,2,m_1,1,1,1,1,1,1", line)));

        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).isInstanceOf(TraceRow.Parsed.class);
        var rejected = (TraceRow.Rejected<TaskReport>) rows.get(1);
        assertThat(rejected.reason()).isEqualTo(reason);
        var deadLetter = rejected.deadLetter();
        assertThat(deadLetter.getSourceTopic()).isEqualTo(SOURCE);
        assertThat(deadLetter.getPartition()).isEqualTo(-1);
        assertThat(deadLetter.getOffset()).isEqualTo(2);
        assertThat(UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo(line);
        assertThat(deadLetter.getStage()).isEqualTo("ingest");
    }
}
