package io.gleaner.agent.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.agent.core.Placement;
import io.gleaner.qos.core.CpuRam;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cgroup v2 writes against a temporary directory shaped like a delegated cgroup: this machine has cgroup v1
 * only, so they were never run on a real cgroup v2.
 */
class CgroupLimiterTest {

    private static final Instant T0 = Instant.parse("2026-11-28T10:00:00Z");

    @Test
    void shouldMakeTheAttemptsCgroupAndWriteCpuMax(@TempDir Path parent) throws Exception {
        Files.writeString(parent.resolve("cgroup.subtree_control"), "cpu memory\n");

        var limiter = CgroupLimiter.under(parent, "n/1").orElseThrow();
        limiter.limit(0.6);

        var cgroup = parent.resolve("gleaner-n_1");
        assertThat(Files.readString(cgroup.resolve("cpu.max"))).isEqualTo("60000 100000\n");
        limiter.close();
        assertThat(Files.readString(cgroup.resolve("cpu.max"))).isEqualTo("max 100000\n");
        assertThat(limiter.mechanism()).contains("cgroup v2 cpu.max");
    }

    @Test
    void shouldGiveEachAttemptACgroupOfItsOwnWithItsPlacedRamAsMemoryMax(@TempDir Path parent, @TempDir Path work)
            throws Exception {
        Files.writeString(parent.resolve("cgroup.subtree_control"), "cpu memory\n");
        var limiter = CgroupLimiter.under(parent, "n1").orElseThrow();
        var placement = new Placement("job-1/m/0/0", "job-1", "MAP", 0, 0, "n1", T0, T0, new CpuRam(0.1, 1),
                List.of("true"), null, Map.of(), "file:///in/chunk-0", null, List.of(), 0);
        var attempt = AttemptProcess.start(placement, AttemptProcess.directory(work, placement.decisionId()),
                System.getenv(), T0, T0);
        attempt.onExit().get();

        limiter.add(attempt, 256L << 20);

        var cgroup = parent.resolve("gleaner-n1");
        assertThat(Files.readString(cgroup.resolve("cgroup.subtree_control"))).isEqualTo("+memory\n");
        assertThat(Files.readString(cgroup.resolve("job-1_m_0_0/memory.max"))).isEqualTo("268435456\n");
        assertThat(Files.readString(cgroup.resolve("job-1_m_0_0/cgroup.procs"))).isEqualTo(attempt.pid() + "\n");
        assertThat(limiter.mechanism()).contains("each attempt's memory.max");
    }

    @Test
    void shouldLeaveMemoryToTheAgentsCheckWithoutTheMemoryControllerDelegated(@TempDir Path parent) throws Exception {
        Files.writeString(parent.resolve("cgroup.subtree_control"), "cpu\n");

        var limiter = CgroupLimiter.under(parent, "n1").orElseThrow();

        assertThat(parent.resolve("gleaner-n1/cgroup.subtree_control")).doesNotExist();
        assertThat(limiter.mechanism()).contains("memory per attempt checked by the agent");
    }

    @Test
    void shouldNotUseACgroupWithoutTheCpuControllerDelegated(@TempDir Path parent) throws Exception {
        Files.writeString(parent.resolve("cgroup.subtree_control"), "memory pids\n");
        assertThat(CgroupLimiter.under(parent, "n1")).isEmpty();
        assertThat(CgroupLimiter.under(parent.resolve("absent"), "n1")).isEmpty();
    }
}
