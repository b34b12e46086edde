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
 * The CPU and memory limits by cgroup v2: the agent makes one cgroup for its attempts ({@code <delegated>/gleaner-<node
 * id>}) and writes the limit of all of them together to its {@code cpu.max}; each attempt's wrapper goes into a cgroup
 * of its own below it ({@code cgroup.procs}; what it forks stays inside), whose {@code memory.max} is the attempt's
 * placed RAM when the {@code memory} controller is delegated too. It needs a cgroup v2 subtree delegated to the agent's
 * user with the {@code cpu} controller (and {@code memory}, for the per-attempt limit) enabled in the parent's {@code
 * cgroup.subtree_control} (systemd: {@code Delegate=cpu memory}; docs/agent.md "CPU limits"). Tested on a temporary
 * directory shaped like a cgroup; never run on a real cgroup v2 here (the build machine has cgroup v1 only).
 */
public final class CgroupLimiter implements AttemptLimiter {

    private final Path cgroup;
    private final boolean memory;

    private CgroupLimiter(Path cgroup, boolean memory) {
        this.cgroup = cgroup;
        this.memory = memory;
    }

    /**
     * The limiter on {@code <parent>/gleaner-<nodeId>} when {@code parent} is a cgroup v2 directory this agent may
     * write with the cpu controller enabled for its children; else empty.
     */
    public static Optional<CgroupLimiter> under(Path parent, String nodeId) {
        try {
            var control = parent.resolve("cgroup.subtree_control");
            if (!Files.isRegularFile(control) || !Files.isWritable(parent)) {
                return Optional.empty();
            }
            var enabled = List.of(Files.readString(control, StandardCharsets.US_ASCII).trim().split("\\s+"));
            if (!enabled.contains("cpu")) {
                return Optional.empty();
            }
            var cgroup = parent.resolve("gleaner-" + AttemptProcess.fileName(nodeId));
            Files.createDirectories(cgroup);
            var limiter = new CgroupLimiter(cgroup, enabled.contains("memory"));
            limiter.limit(Double.POSITIVE_INFINITY);
            if (limiter.memory) {
                // Gives the attempts' own cgroups the memory controller; cpu.max here bounds them all without it.
                limiter.write(cgroup, "cgroup.subtree_control", "+memory");
            }
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
        return "CPU limit by cgroup v2 cpu.max on " + cgroup + (memory
                ? ", each attempt's memory.max in a cgroup of its own below it"
                : "; memory per attempt checked by the agent at each measurement (no memory controller delegated)");
    }

    @Override
    public void add(AttemptProcess attempt, long memoryBytes) {
        var own = cgroup.resolve(attempt.dir().getFileName().toString());
        try {
            Files.createDirectories(own);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make cgroup " + own + ": " + e.getMessage(), e);
        }
        if (memory && memoryBytes > 0) {
            write(own, "memory.max", Long.toString(memoryBytes));
        }
        write(own, "cgroup.procs", Long.toString(attempt.pid()));
    }

    @Override
    public void remove(AttemptProcess attempt) {
        try {
            // rmdir, which a cgroup allows once its processes are gone, whatever control files it lists.
            Files.deleteIfExists(cgroup.resolve(attempt.dir().getFileName().toString()));
        } catch (IOException e) {
            // A process of the attempt outlived its wrapper; the empty cgroup is left, as the kernel would keep it.
        }
    }

    @Override
    public void limit(double cores) {
        write(cgroup, "cpu.max", CpuMax.line(cores));
    }

    @Override
    public void measured(double cores) {
        // The kernel enforces the quota; nothing to feed back.
    }

    private void write(Path directory, String file, String line) {
        try {
            Files.writeString(directory.resolve(file), line + "\n", StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + directory.resolve(file) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        limit(Double.POSITIVE_INFINITY);
    }
}
