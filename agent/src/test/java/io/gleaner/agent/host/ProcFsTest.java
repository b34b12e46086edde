package io.gleaner.agent.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcFsTest {

    @Test
    void shouldReadTheNodesCpuAndMemoryAndAProcessFromFilesShapedLikeProc(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("stat"), "cpu  100 20 30 800 50 0 0 0 0 0\ncpu0 1 2 3 4 5 0 0 0 0 0\n");
        Files.writeString(root.resolve("meminfo"),
                "MemTotal:       1000 kB\nMemFree:         100 kB\nMemAvailable:    600 kB\n");
        Files.createDirectories(root.resolve("42"));
        // A command name with spaces and a parenthesis: fields are counted after the last ')'.
        Files.writeString(root.resolve("42/stat"),
                "42 (my (odd) task) S 1 42 42 0 -1 0 0 0 0 0 150 50 7 3 20 0 1 0 1 1 1\n");
        Files.writeString(root.resolve("42/status"), "Name:\tx\nVmRSS:\t    2048 kB\n");

        var proc = new ProcFs(root);

        assertThat(proc.cpuTimes().totalSeconds()).isCloseTo(10.0, within(1e-9));
        assertThat(proc.cpuTimes().busySeconds()).isCloseTo(1.5, within(1e-9));
        assertThat(proc.memory()).isEqualTo(new ProcFs.Memory(1000 * 1024, 400 * 1024));
        assertThat(proc.process(42).orElseThrow()).isEqualTo(new ProcFs.ProcessUse(2.1, 2048 * 1024));
        assertThat(proc.process(43)).isEmpty();
        assertThat(proc.runs(42)).isTrue();
        assertThat(proc.runs(43)).isFalse();
        Files.createDirectories(root.resolve("44"));
        Files.writeString(root.resolve("44/stat"), "44 (gone) Z 1 44 44 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 1 1 1\n");
        assertThat(proc.runs(44)).isFalse();
    }

    @Test
    void shouldReadThisJvmFromTheRealProc() {
        var proc = ProcFs.system();
        var self = proc.process(ProcessHandle.current().pid()).orElseThrow();
        assertThat(self.rssBytes()).isGreaterThan(1 << 20);
        assertThat(proc.memory().totalBytes()).isGreaterThan(proc.memory().usedBytes());
    }
}
