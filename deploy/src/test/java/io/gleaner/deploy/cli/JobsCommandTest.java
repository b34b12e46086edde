package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gleaner jobs} without a broker: the checks before anything connects, and their exit codes. */
class JobsCommandTest {

    static final String JOB = """
            {"jobId": "sleepy", "jobName": "sleep", "tasks": [{"kind": "map", "count": 2, "bytesPerTask": "1MiB",
              "demand": {"cpus": 1, "memory": "1GiB"},
              "spec": {"command": ["sleep", "1"], "outputLocation": "/tmp/{job}/{kind}-{task}-{attempt}"}}]}
            """;

    @Test
    void shouldPrintTheJobAsItWouldBeProducedOnADryRun(@TempDir Path dir) throws IOException {
        var file = Files.writeString(dir.resolve("job.json"), JOB);

        var run = execute("jobs", "submit", file.toString(), "--dry-run", "--submit-time", "2026-11-28T09:30:00Z");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("\"jobId\": \"sleepy\"").contains("\"submitTime\": \"2026-11-28T09:30:00Z\"")
                .contains("\"outputLocation\": \"/tmp/{job}/{kind}-{task}-{attempt}\"");
    }

    @Test
    void shouldSetTheDeadlineGivenOnTheCommandLine(@TempDir Path dir) throws IOException {
        var file = Files.writeString(dir.resolve("job.json"), JOB);

        var run = execute("jobs", "submit", file.toString(), "--dry-run", "--submit-time", "2026-11-28T09:30:00Z",
                "--deadline", "PT2H");
        var bad = execute("jobs", "submit", file.toString(), "--dry-run", "--deadline", "soon");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("\"deadline\": \"2026-11-28T11:30:00Z\"");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).startsWith("gleaner jobs submit: " + file + ": --deadline: expected an ISO-8601 time");
    }

    @Test
    void shouldExitTwoNamingTheFileAndThePathOfABadField(@TempDir Path dir) throws IOException {
        var file = Files.writeString(dir.resolve("job.json"), JOB.replace("{attempt}", "{try}"));

        var run = execute("jobs", "submit", file.toString(), "--dry-run");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("gleaner jobs submit: " + file + ": $.tasks[0].spec.outputLocation: must use "
                + "only the placeholders").contains("was {try}");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void shouldExitTwoOnAFileThatIsNotThere(@TempDir Path dir) {
        var run = execute("jobs", "submit", dir.resolve("nope.json").toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("no such file: ").contains("nope.json");
    }

    @Test
    void shouldReadTheJobFromStandardInputForADash() {
        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream(JOB.getBytes(StandardCharsets.UTF_8)));

            var run = execute("jobs", "submit", "-", "--dry-run");

            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.out()).contains("\"jobId\": \"sleepy\"");
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void shouldExitTwoOnUntilDoneWithoutAJob() {
        var run = execute("jobs", "watch", "--until-done", "--bootstrap-servers", "localhost:1");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--until-done needs --job ID");
    }
}
