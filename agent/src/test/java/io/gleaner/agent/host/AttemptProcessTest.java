package io.gleaner.agent.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.gleaner.agent.core.Placement;
import io.gleaner.qos.core.CpuRam;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real processes on this machine. */
class AttemptProcessTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");
    private static final Map<String, String> ENV = System.getenv();

    private static Placement placement(String id, List<String> command, String output) {
        return new Placement(id, "job-1", "MAP", 0, 0, "n1", T0, T0, new CpuRam(0.1, 1), command, null,
                Map.of("COLOUR", "green"), "file:///in/chunk-0", output, List.of(), 0);
    }

    @Test
    void shouldRunTheWordsWithoutAShellInItsOwnDirectoryAndKeepItsExitCodeAndStderr(@TempDir Path work)
            throws Exception {
        // The $ words reach the program as they are: no shell expands them.
        var p = placement("job-1/m/0/0", List.of("sh", "-c",
                "echo \"$GLEANER_JOB $GLEANER_TASK $COLOUR $1\"; echo broken >&2; exit 3", "x", "$HOME;*"), null);
        var dir = AttemptProcess.directory(work, p.decisionId());

        var process = AttemptProcess.start(p, dir, ENV, T0, T0);
        process.onExit().get();

        assertThat(dir).isEqualTo(work.resolve("job-1_m_0_0"));
        assertThat(Files.readString(dir.resolve("stdout"))).isEqualTo("job-1 0 green $HOME;*\n");
        assertThat(process.exitCode()).contains(3);
        assertThat(process.stderrTail()).isEqualTo("broken");
        assertThat(AttemptProcess.findLeft(work)).singleElement()
                .satisfies(left -> assertThat(left.running()).isEmpty());
        AttemptProcess.markReported(dir);
        assertThat(AttemptProcess.findLeft(work)).isEmpty();
    }

    @Test
    void shouldSayWhyAnAttemptCannotStart(@TempDir Path work) {
        var missing = placement("a/m/0/0", List.of("no-such-program-xyz"), null);
        var unwritable = placement("a/m/1/0", List.of("true"), "file:///etc/hostname/out/part-0");

        assertThat(AttemptProcess.cannotStart(missing, ENV, work)).get().asString()
                .startsWith("no such program: no-such-program-xyz");
        assertThat(AttemptProcess.cannotStart(unwritable, ENV, work)).get().asString()
                .startsWith("cannot make the output directory of file:///etc/hostname/out/part-0");
        assertThat(AttemptProcess.cannotStart(placement("a/m/2/0", List.of("true"),
                work.resolve("out/part-0").toUri().toString()), ENV, work)).isEmpty();
    }

    @Test
    void shouldKillTheWholeTreeAndBeFoundRunningByAnotherRun(@TempDir Path work) throws Exception {
        var p = placement("a/m/0/0", List.of("sh", "-c", "sleep 60 & sleep 60; wait"), null);
        var process = AttemptProcess.start(p, AttemptProcess.directory(work, p.decisionId()), ENV, T0, T0);
        await().atMost(Duration.ofSeconds(10)).until(() -> process.pids().size() >= 4);
        var pids = process.pids();

        var found = AttemptProcess.findLeft(work);
        assertThat(found).singleElement().satisfies(left -> {
            assertThat(left.running()).isPresent();
            assertThat(left.placement().decisionId()).isEqualTo("a/m/0/0");
        });

        process.kill();
        process.onExit().get();
        await().atMost(Duration.ofSeconds(5)).until(() -> pids.stream()
                .noneMatch(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)));
        assertThat(process.exitCode()).isEmpty();
    }
}
