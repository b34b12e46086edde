package io.gleaner.agent.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cgroup v2 writes against a temporary directory shaped like a delegated cgroup: this machine has cgroup v1
 * only, so they were never run on a real cgroup v2.
 */
class CgroupCpuLimiterTest {

    @Test
    void shouldMakeTheAttemptsCgroupAndWriteCpuMax(@TempDir Path parent) throws Exception {
        Files.writeString(parent.resolve("cgroup.subtree_control"), "cpu memory\n");

        var limiter = CgroupCpuLimiter.under(parent, "n/1").orElseThrow();
        limiter.limit(0.6);

        var cgroup = parent.resolve("gleaner-n_1");
        assertThat(Files.readString(cgroup.resolve("cpu.max"))).isEqualTo("60000 100000\n");
        limiter.close();
        assertThat(Files.readString(cgroup.resolve("cpu.max"))).isEqualTo("max 100000\n");
        assertThat(limiter.mechanism()).contains("cgroup v2 cpu.max");
    }

    @Test
    void shouldNotUseACgroupWithoutTheCpuControllerDelegated(@TempDir Path parent) throws Exception {
        Files.writeString(parent.resolve("cgroup.subtree_control"), "memory pids\n");
        assertThat(CgroupCpuLimiter.under(parent, "n1")).isEmpty();
        assertThat(CgroupCpuLimiter.under(parent.resolve("absent"), "n1")).isEmpty();
    }
}
