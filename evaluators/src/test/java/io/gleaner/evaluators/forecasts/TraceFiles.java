package io.gleaner.evaluators.forecasts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntToDoubleFunction;

/** Writes small Bitbrains-format VM files for the tests. */
final class TraceFiles {

    static final String HEADER = "Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\tCPU usage [MHZ];\t"
            + "CPU usage [%];\tMemory capacity provisioned [KB];\tMemory usage [KB];\tDisk read throughput [KB/s];\t"
            + "Disk write throughput [KB/s];\tNetwork received throughput [KB/s];\tNetwork transmitted throughput [KB/s]";

    private TraceFiles() {
    }

    static String line(long seconds, double cpuFraction, double memoryFraction) {
        return seconds + ";\t4;\t1000.0;\t" + (1000 * cpuFraction) + ";\t" + (100 * cpuFraction) + ";\t2000.0;\t"
                + (2000 * memoryFraction) + ";\t0.0;\t0.0;\t0.0;\t0.0";
    }

    /** A VM sampled every 300 s from {@code start} for {@code samples} samples; CPU and memory by sample index. */
    static Path write(Path dir, String vm, long start, int samples, IntToDoubleFunction cpu, IntToDoubleFunction memory)
            throws IOException {
        var sb = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < samples; i++) {
            sb.append(line(start + 300L * i, cpu.applyAsDouble(i), memory.applyAsDouble(i))).append('\n');
        }
        Path file = dir.resolve(vm + ".csv");
        Files.writeString(file, sb.toString());
        return file;
    }
}
