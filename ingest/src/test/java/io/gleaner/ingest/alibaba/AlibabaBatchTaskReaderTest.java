package io.gleaner.ingest.alibaba;

import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.SOURCE;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.drain;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.input;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.rejections;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.taskReader;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.trace;
import static io.gleaner.ingest.alibaba.AlibabaBatchFixtures.values;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AlibabaBatchTaskReaderTest {

    private static final long GIB = 1024L * 1024 * 1024;
    private static final Instant EPOCH = Instant.parse("2018-01-01T00:00:00Z");

    @Test
    void shouldMapAMapTaskRowFieldByField() {
        var rows = drain(taskReader(trace("M1,10,j_1,1,Terminated,100,160,50,0.5")));

        // 60 s x 0.5 cores x 8 GFLOP/s = 2.4e11 flop = 77,419,354.8 B at 3100 flop/B; memory 0.5 % of 100 GiB.
        long bytes = 77_419_355L;
        var expected = JobSubmitted.newBuilder()
                .setJobId("j_1/M1")
                .setJobName("j_1/M1")
                .setUser("default")
                .setQueue("default")
                .setPriority(0)
                .setSubmitTime(EPOCH.plusSeconds(100))
                .setDeadline(null)
                .setInputBytes(10 * bytes)
                .setShuffleBytes(0)
                .setOutputBytes(0)
                .setTasks(List.of(TaskGroup.newBuilder()
                        .setKind(TaskKind.MAP)
                        .setCount(10)
                        .setBytesPerTask(bytes)
                        .setLastTaskBytes(bytes)
                        .setFlopPerByte(3100)
                        .setDemand(new Resources(0.5, Math.round(0.005 * 100 * GIB)))
                        .setDataset("j_1/M1/input")
                        .setFirstChunk(0)
                        .build()))
                .build();
        assertThat(rows).singleElement().isEqualTo(new TraceRow.Parsed<>(1, EPOCH.plusSeconds(100), "j_1/M1", expected));
    }

    @Test
    void shouldMapAReduceTaskRowToShuffleBytesWithoutADataset() {
        var job = values(drain(taskReader(trace("R2_1,3,j_1,1,Terminated,200,230,100,1")))).get(0);

        // 30 s x 1 core x 8e9 flop/s = 2.4e11 flop = 38,095,238.1 B at 6300 flop/B.
        var group = job.getTasks().get(0);
        assertThat(group.getKind()).isEqualTo(TaskKind.REDUCE);
        assertThat(group.getFlopPerByte()).isEqualTo(6300);
        assertThat(group.getBytesPerTask()).isEqualTo(38_095_238L);
        assertThat(group.getDataset()).isNull();
        assertThat(job.getShuffleBytes()).isEqualTo(3 * 38_095_238L);
        assertThat(job.getInputBytes()).isZero();
        assertThat(group.getDemand()).isEqualTo(new Resources(1.0, GIB));
    }

    @Test
    void shouldKeepAFailedTaskAndAZeroSecondTask() {
        var jobs = values(drain(taskReader(trace(
                "M1,2,j_2,1,Failed,300,400,100,0.2",
                "task_Nzg3ODAwNDgzMTAwNTc2NTQ2Mw==,1,j_3,12,Terminated,500,500,100,0.2"))));

        assertThat(jobs).extracting(JobSubmitted::getJobId)
                .containsExactly("j_2/M1", "j_3/task_Nzg3ODAwNDgzMTAwNTc2NTQ2Mw==");
        // Start and end in the same second: no work, the trace's resolution is a second.
        assertThat(jobs.get(1).getTasks().get(0).getBytesPerTask()).isZero();
        assertThat(jobs.get(1).getTasks().get(0).getKind()).isEqualTo(TaskKind.MAP);
    }

    @Test
    void shouldUseTheRulesPrefixMemoryAndEpoch() {
        var rule = AlibabaJobRule.defaults().withJobIdPrefix("run2/").withMachineMemoryBytes(200 * GIB)
                .withTraceEpoch(Instant.EPOCH);
        try (var reader = new AlibabaBatchTaskReader(input(trace("M1,1,j_9,1,Terminated,7,8,100,50")), rule, 10)) {
            var row = (TraceRow.Parsed<JobSubmitted>) reader.next();

            assertThat(row.key()).isEqualTo("run2/j_9/M1");
            assertThat(row.value().getJobName()).isEqualTo("j_9/M1");
            assertThat(row.eventTime()).isEqualTo(Instant.ofEpochSecond(7));
            assertThat(row.value().getTasks().get(0).getDemand().getMemoryBytes()).isEqualTo(100 * GIB);
            assertThat(reader.rule()).isEqualTo(rule);
        }
    }

    static Stream<Arguments> badRows() {
        return Stream.of(
                Arguments.of(Named.of("too few fields", "M1,1,j_1,1,Terminated,1,2,100"),
                        "expected 9 comma-separated fields (task_name, instance_num, job_name, task_type, status,"
                                + " start_time, end_time, plan_cpu, plan_mem), found 8"),
                Arguments.of(Named.of("empty task name", ",1,j_1,1,Terminated,1,2,100,1"), "task_name is empty"),
                Arguments.of(Named.of("empty job name", "M1,1,,1,Terminated,1,2,100,1"), "job_name is empty"),
                Arguments.of(Named.of("no instances", "M1,0,j_1,1,Terminated,1,2,100,1"),
                        "instance_num must be >= 1, was 0"),
                Arguments.of(Named.of("instances not a number", "M1,x,j_1,1,Terminated,1,2,100,1"),
                        "instance_num must be a whole number, was 'x'"),
                Arguments.of(Named.of("instances past an int", "M1,3000000000,j_1,1,Terminated,1,2,100,1"),
                        "instance_num must be at most 2147483647, was 3000000000"),
                Arguments.of(Named.of("unknown status", "M1,1,j_1,1,Done,1,2,100,1"),
                        "status must be one of Terminated, Failed, Running, Waiting, Ready, Cancelled, Interrupted,"
                                + " was 'Done'"),
                Arguments.of(Named.of("negative start", "M1,1,j_1,1,Terminated,-1,2,100,1"),
                        "start_time must be >= 0, was -1"),
                Arguments.of(Named.of("fractional end", "M1,1,j_1,1,Terminated,1,2.5,100,1"),
                        "end_time must be a whole number, was '2.5'"),
                Arguments.of(Named.of("not ended", "M1,1,j_1,1,Running,100,0,100,1"),
                        "end_time is 0: the task (status Running) had not ended when the trace stopped, so it has"
                                + " no duration to derive its work from"),
                Arguments.of(Named.of("ends before it starts", "M1,1,j_1,1,Terminated,100,90,100,1"),
                        "end_time 90 is before start_time 100"),
                Arguments.of(Named.of("empty plan_cpu", "M1,1,j_1,1,Terminated,1,2,,1"), "plan_cpu is empty"),
                Arguments.of(Named.of("zero plan_cpu", "M1,1,j_1,1,Terminated,1,2,0,1"), "plan_cpu must be > 0, was 0.0"),
                Arguments.of(Named.of("plan_cpu not a number", "M1,1,j_1,1,Terminated,1,2,lots,1"),
                        "plan_cpu must be a number, was 'lots'"),
                Arguments.of(Named.of("plan_cpu infinite", "M1,1,j_1,1,Terminated,1,2,Infinity,1"),
                        "plan_cpu must be a finite number, was 'Infinity'"),
                Arguments.of(Named.of("plan_mem above 100 (the trace's invalid 101)", "M1,1,j_1,1,Terminated,1,2,100,101"),
                        "plan_mem must be in [0, 100], was 101"),
                Arguments.of(Named.of("plan_mem -1", "M1,1,j_1,1,Terminated,1,2,100,-1"),
                        "plan_mem must be in [0, 100], was -1"),
                Arguments.of(Named.of("empty plan_mem", "M1,1,j_1,1,Terminated,1,2,100,"), "plan_mem is empty"),
                Arguments.of(Named.of("start past a timestamp", "M1,1,j_1,1,Terminated,9223372036854775000,"
                        + "9223372036854775001,100,1"), "start_time 9223372036854775000 is past what a timestamp holds"),
                Arguments.of(Named.of("work past a long", "M1,2000000000,j_1,1,Terminated,0,8000000,100000,1"),
                        "instance_num 2000000000 x 8000000 s x plan_cpu 100000.0 is more work than a long of bytes"
                                + " holds"));
    }

    @ParameterizedTest
    @MethodSource("badRows")
    void shouldRejectABadRowWithAReasonNamingTheFieldAndGoOn(String line, String reason) {
        var rows = drain(taskReader(trace(line, "M1,1,j_ok,1,Terminated,1,2,100,1")));

        assertThat(rows).hasSize(2);
        var rejected = (TraceRow.Rejected<JobSubmitted>) rows.get(0);
        assertThat(rejected.reason()).isEqualTo(reason);
        var deadLetter = rejected.deadLetter();
        assertThat(deadLetter.getSourceTopic()).isEqualTo(SOURCE);
        assertThat(deadLetter.getPartition()).isEqualTo(-1);
        assertThat(deadLetter.getOffset()).isEqualTo(1);
        assertThat(UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo(line);
        assertThat(deadLetter.getStage()).isEqualTo("ingest");
        assertThat(rows.get(1)).isInstanceOf(TraceRow.Parsed.class);
        assertThat(rows.get(1).line()).isEqualTo(2);
    }

    @Test
    void shouldSkipAndCountBlankLinesAndStopAtTheLimit() {
        var text = trace("M1,1,j_1,1,Terminated,1,2,100,1", "", "M1,1,j_2,1,Terminated,1,2,100,1",
                "M1,1,j_3,1,Terminated,1,2,100,1");
        try (var reader = new AlibabaBatchTaskReader(input(text), AlibabaJobRule.defaults(), 2)) {
            var rows = drain(reader);

            assertThat(values(rows)).extracting(JobSubmitted::getJobId).containsExactly("j_1/M1", "j_2/M1");
            assertThat(reader.blankLines()).isEqualTo(1);
            assertThat(reader.linesRead()).isEqualTo(3);
        }
    }

    @Test
    void shouldReadGzipDirectly(@TempDir Path dir) throws IOException {
        var file = dir.resolve("batch_task.csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(trace("M1,1,j_1,1,Terminated,1,2,100,1", "R2_1,1,j_1,1,Terminated,3,4,100,1").getBytes(UTF_8));
        }
        try (var reader = AlibabaBatchTaskReader.open(file, AlibabaJobRule.defaults(), AlibabaBatchTaskReader.NO_LIMIT)) {
            var rows = drain(reader);

            assertThat(reader.sourceName()).isEqualTo("batch_task.csv.gz");
            assertThat(values(rows)).extracting(JobSubmitted::getJobId).containsExactly("j_1/M1", "j_1/R2_1");
            assertThat(rejections(rows)).isEmpty();
        }
    }
}
