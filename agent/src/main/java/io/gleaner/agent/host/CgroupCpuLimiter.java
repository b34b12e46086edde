package io.gleaner.agent.host;

import io.gleaner.agent.core.CpuMax;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The CPU limit by cgroup v2: the agent makes one cgroup for its attempts ({@code <delegated>/gleaner-<node id>}),
 * moves each attempt's wrapper into it ({@code cgroup.procs}; what it forks stays inside) and writes the limit to its
 * {@code cpu.max}. It needs a cgroup v2 subtree delegated to the agent's user with the {@code cpu} controller enabled
 * in the parent's {@code cgroup.subtree_control} (systemd: {@code Delegate=cpu}; docs/agent.md "CPU limits").
 * Tested on a temporary directory shaped like a cgroup; never run on a real cgroup v2 here (the build machine has
 * cgroup v1 only).
 */
public final class CgroupCpuLimiter implements CpuLimiter {

    private final Path cgroup;

    private CgroupCpuLimiter(Path cgroup) {
        this.cgroup = cgroup;
    }

    /**
     * The limiter on {@code <parent>/gleaner-<nodeId>} when {@code parent} is a cgroup v2 directory this agent may
     * write with the cpu controller enabled for its children; else empty.
     */
    public static Optional<CgroupCpuLimiter> under(Path parent, String nodeId) {
        try {
            var control = parent.resolve("cgroup.subtree_control");
            if (!Files.isRegularFile(control) || !Files.isWritable(parent)
                    || !List.of(Files.readString(control, StandardCharsets.US_ASCII).trim().split("\\s+"))
                    .contains("cpu")) {
                return Optional.empty();
            }
            var cgroup = parent.resolve("gleaner-" + AttemptProcess.fileName(nodeId));
            Files.createDirectories(cgroup);
            var limiter = new CgroupCpuLimiter(cgroup);
            limiter.limit(Double.POSITIVE_INFINITY);
            return Optional.of(limiter);
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * The parent cgroup to try on this machine: the one above the agent's own (from {@code /proc/self/cgroup}'s
     * {@code 0::} line under {@code /sys/fs/cgroup}), when the unified hierarchy is mounted there; else empty.
     */
    public static Optional<Path> delegatedParent() {
        var root = Path.of("/sys/fs/cgroup");
        if (!Files.isRegularFile(root.resolve("cgroup.controllers"))) {
            return Optional.empty();
        }
        try {
            for (var line : Files.readAllLines(Path.of("/proc/self/cgroup"))) {
                if (line.startsWith("0::")) {
                    var own = root.resolve(line.substring(3).replaceFirst("^/", ""));
                    return Optional.ofNullable(own.getParent());
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    @Override
    public String mechanism() {
        return "CPU limit by cgroup v2 cpu.max on " + cgroup;
    }

    @Override
    public void add(AttemptProcess attempt) {
        write("cgroup.procs", Long.toString(attempt.pid()));
    }

    @Override
    public void remove(AttemptProcess attempt) {
        // An ended process leaves the cgroup by itself.
    }

    @Override
    public void limit(double cores) {
        write("cpu.max", CpuMax.line(cores));
    }

    @Override
    public void measured(double cores) {
        // The kernel enforces the quota; nothing to feed back.
    }

    private void write(String file, String line) {
        try {
            Files.writeString(cgroup.resolve(file), line + "\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + cgroup.resolve(file) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        limit(Double.POSITIVE_INFINITY);
    }
}
