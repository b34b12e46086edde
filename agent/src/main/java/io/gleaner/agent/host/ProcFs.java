package io.gleaner.agent.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads the Linux {@code /proc} files the agent measures with (proc(5)): {@code stat} and {@code meminfo} for the
 * node, {@code <pid>/stat} and {@code <pid>/status} for a process. The root is a parameter so tests can give a
 * directory shaped like it.
 */
public final class ProcFs {

    /**
     * USER_HZ, the unit of the times in {@code stat}: 100 on every Linux architecture the JDK runs on (the kernel
     * fixes it for user space; {@code getconf CLK_TCK} says 100 here).
     */
    static final double TICKS_PER_SECOND = 100;

    private final Path root;

    public ProcFs(Path root) {
        this.root = root;
    }

    /** The real {@code /proc}. */
    public static ProcFs system() {
        return new ProcFs(Path.of("/proc"));
    }

    /** The node's CPU time since boot: busy and total, in seconds summed over all cores ({@code cpu} line). */
    public record CpuTimes(double busySeconds, double totalSeconds) {
    }

    /** The node's RAM: total, and what is in use (total less {@code MemAvailable}), in bytes. */
    public record Memory(long totalBytes, long usedBytes) {
    }

    /**
     * One process: its CPU time and that of its children it has waited for ({@code utime + stime + cutime +
     * cstime}, so a tree's sum counts an ended child once, in its parent), and its resident set.
     */
    public record ProcessUse(double cpuSeconds, long rssBytes) {
    }

    public CpuTimes cpuTimes() {
        var first = lines(root.resolve("stat")).get(0).trim().split("\\s+");
        // cpu user nice system idle iowait irq softirq steal [guest guest_nice, already inside user and nice]
        long total = 0;
        for (int i = 1; i <= Math.min(8, first.length - 1); i++) {
            total += Long.parseLong(first[i]);
        }
        long idle = Long.parseLong(first[4]) + (first.length > 5 ? Long.parseLong(first[5]) : 0);
        return new CpuTimes((total - idle) / TICKS_PER_SECOND, total / TICKS_PER_SECOND);
    }

    public Memory memory() {
        long total = -1;
        long available = -1;
        for (var line : lines(root.resolve("meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                total = kib(line);
            } else if (line.startsWith("MemAvailable:")) {
                available = kib(line);
            }
        }
        if (total < 0 || available < 0) {
            throw new IllegalStateException(root.resolve("meminfo") + " has no MemTotal or MemAvailable");
        }
        return new Memory(total, Math.max(0, total - available));
    }

    /** The process's use, or empty when it is gone (or its files cannot be read). */
    public Optional<ProcessUse> process(long pid) {
        try {
            var stat = Files.readString(root.resolve(pid + "/stat"), StandardCharsets.US_ASCII);
            // The command name in parentheses may hold spaces: the fields start after the last ')'.
            var fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            // fields[0] is field 3 (state): utime is field 14, stime 15, cutime 16, cstime 17.
            long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]) + Long.parseLong(fields[13])
                    + Long.parseLong(fields[14]);
            long rss = 0;
            for (var line : Files.readAllLines(root.resolve(pid + "/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    rss = kib(line);
                }
            }
            return Optional.of(new ProcessUse(ticks / TICKS_PER_SECOND, rss));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * Whether {@code pid} runs: present and not a zombie. A killed process whose parent died stays a zombie until
     * init reaps it (this machine's init does so only every couple of seconds); it runs nothing meanwhile.
     */
    public boolean runs(long pid) {
        try {
            var stat = Files.readString(root.resolve(pid + "/stat"), StandardCharsets.US_ASCII);
            return stat.charAt(stat.lastIndexOf(')') + 2) != 'Z';
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static long kib(String line) {
        var parts = line.trim().split("\\s+");
        return Long.parseLong(parts[1]) * 1024;
    }

    private static List<String> lines(Path path) {
        try {
            return Files.readAllLines(path, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }
}
