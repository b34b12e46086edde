package io.gleaner.agent.host;

import io.gleaner.agent.core.Placement;
import io.gleaner.qos.core.CpuRam;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * One attempt's process tree, in a directory of its own ({@code <work dir>/<decision id sanitized>}) that holds its
 * {@code stdout} and {@code stderr}, its pid file ({@code attempt.properties}) and, once it ended, its
 * {@code exit-code}. The program runs without a shell: its words are passed as arguments to a fixed POSIX
 * {@code sh} wrapper that never parses them, waits for the program and writes its exit status to the file, so the
 * status survives a {@code kill -9} of the agent (docs/agent.md "Restarts").
 */
public final class AttemptProcess {

    static final String PID_FILE = "attempt.properties";
    static final String EXIT_FILE = "exit-code";
    static final String REPORTED_FILE = "reported";
    /** The wrapper: "$@" runs the words as given; the status goes to a file by rename, so it is whole or absent. */
    private static final String WRAPPER =
            "\"$@\"; s=$?; echo $s > exit-code.tmp && mv exit-code.tmp exit-code; exit $s";
    /** At most this much of stderr goes into a FAILED report (the protocol allows 4,096 characters). */
    private static final int STDERR_TAIL_BYTES = 2048;
    /** The agent's variables a task sees besides its spec's and Gleaner's own. */
    private static final List<String> INHERITED = List.of("PATH", "HOME", "LANG", "TMPDIR", "JAVA_HOME", "USER");

    private final Path dir;
    private final ProcessHandle root;

    private AttemptProcess(Path dir, ProcessHandle root) {
        this.dir = dir;
        this.root = root;
    }

    /** The attempt's directory, named by {@link #fileName} of its decision id. */
    public static Path directory(Path workDir, String decisionId) {
        return workDir.resolve(fileName(decisionId));
    }

    /**
     * {@code id} as one file name (a node's work directory, an attempt's, a cgroup): every character outside
     * {@code [A-Za-z0-9._-]} becomes '_', so a '/' of a decision id never makes a subdirectory.
     */
    public static String fileName(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * The environment of the attempt (docs/agent.md "What a task sees"): a few of the agent's variables, the spec's,
     * then Gleaner's, which win.
     */
    static Map<String, String> environment(Placement placement, Map<String, String> agentEnv) {
        var env = new HashMap<String, String>();
        for (var name : INHERITED) {
            if (agentEnv.containsKey(name)) {
                env.put(name, agentEnv.get(name));
            }
        }
        env.putAll(placement.env());
        env.put("GLEANER_DECISION_ID", placement.decisionId());
        env.put("GLEANER_JOB", placement.jobId());
        env.put("GLEANER_KIND", placement.kind().toLowerCase(Locale.ROOT));
        env.put("GLEANER_TASK", Integer.toString(placement.taskIndex()));
        env.put("GLEANER_ATTEMPT", Integer.toString(placement.attempt()));
        env.put("GLEANER_NODE", placement.nodeId());
        env.put("GLEANER_INPUT", placement.inputLocation() == null ? "" : placement.inputLocation());
        env.put("GLEANER_OUTPUT", placement.outputLocation() == null ? "" : placement.outputLocation());
        env.put("GLEANER_MAP_OUTPUTS", String.join("\n", placement.mapOutputLocations()));
        return env;
    }

    /**
     * Why the attempt cannot start, if it cannot: its program is not found (on the PATH it will get, or at the
     * path it names), or its {@code file:} output location's directory cannot be made or written.
     */
    public static Optional<String> cannotStart(Placement placement, Map<String, String> agentEnv, Path dir) {
        var program = placement.command().get(0);
        if (program.contains("/")) {
            var path = dir.resolve(program);
            if (!Files.isRegularFile(path) || !Files.isExecutable(path)) {
                return Optional.of("no such program: " + program);
            }
        } else {
            var path = environment(placement, agentEnv).getOrDefault("PATH", "");
            boolean found = Stream.of(path.split(":")).filter(p -> !p.isEmpty())
                    .map(p -> Path.of(p, program)).anyMatch(p -> Files.isRegularFile(p) && Files.isExecutable(p));
            if (!found) {
                return Optional.of("no such program: " + program + " (on PATH " + path + ")");
            }
        }
        var output = placement.outputLocation();
        if (output != null && output.startsWith("file:")) {
            try {
                var parent = Path.of(URI.create(output)).getParent();
                Files.createDirectories(parent);
                if (!Files.isWritable(parent)) {
                    return Optional.of("output directory " + parent + " is not writable");
                }
            } catch (IOException | RuntimeException e) {
                return Optional.of("cannot make the output directory of " + output + ": " + e);
            }
        }
        return Optional.empty();
    }

    /**
     * Starts the attempt in its directory (made now; one left from an earlier attempt with the same id is emptied
     * first) and writes its pid file.
     */
    public static AttemptProcess start(Placement placement, Path dir, Map<String, String> agentEnv, Instant takenAt,
                                       Instant startTime) throws IOException {
        if (Files.exists(dir)) {
            deleteRecursively(dir);
        }
        Files.createDirectories(dir);
        var words = new ArrayList<String>();
        words.add("/bin/sh");
        words.add("-c");
        words.add(WRAPPER);
        words.add("gleaner-attempt");
        words.addAll(placement.command());
        var builder = new ProcessBuilder(words).directory(dir.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
        builder.environment().clear();
        builder.environment().putAll(environment(placement, agentEnv));
        var process = builder.start();
        var attempt = new AttemptProcess(dir, process.toHandle());
        attempt.writePidFile(placement, takenAt, startTime);
        return attempt;
    }

    private void writePidFile(Placement placement, Instant takenAt, Instant startTime) throws IOException {
        var properties = new Properties();
        properties.setProperty("decisionId", placement.decisionId());
        properties.setProperty("jobId", placement.jobId());
        properties.setProperty("kind", placement.kind());
        properties.setProperty("taskIndex", Integer.toString(placement.taskIndex()));
        properties.setProperty("attempt", Integer.toString(placement.attempt()));
        properties.setProperty("nodeId", placement.nodeId());
        properties.setProperty("epoch", Long.toString(placement.epoch().toEpochMilli()));
        properties.setProperty("cpus", Double.toString(placement.demand().cpus()));
        properties.setProperty("memoryBytes", Long.toString(placement.demand().ramBytes()));
        properties.setProperty("inputBytes", Long.toString(placement.inputBytes()));
        properties.setProperty("takenAt", Long.toString(takenAt.toEpochMilli()));
        properties.setProperty("startTime", Long.toString(startTime.toEpochMilli()));
        properties.setProperty("pid", Long.toString(root.pid()));
        root.info().startInstant().ifPresent(t -> properties.setProperty("pidStart", Long.toString(t.toEpochMilli())));
        var tmp = dir.resolve(PID_FILE + ".tmp");
        try (var out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            properties.store(out, "gleaner agent: one attempt");
        }
        Files.move(tmp, dir.resolve(PID_FILE), java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** An attempt a previous run of the agent left, read from its pid file. */
    public record Left(Placement placement, Instant takenAt, Instant startTime, Path dir,
                       Optional<AttemptProcess> running) {
    }

    /**
     * The attempts left in {@code workDir} whose end was not reported yet, each with its process when that still
     * runs (same pid, same start instant, so a reused pid is not mistaken for it).
     */
    public static List<Left> findLeft(Path workDir) throws IOException {
        var left = new ArrayList<Left>();
        if (!Files.isDirectory(workDir)) {
            return left;
        }
        try (var dirs = Files.list(workDir)) {
            for (var dir : dirs.sorted().toList()) {
                var pidFile = dir.resolve(PID_FILE);
                if (!Files.isRegularFile(pidFile) || Files.exists(dir.resolve(REPORTED_FILE))) {
                    continue;
                }
                var p = new Properties();
                try (var in = Files.newBufferedReader(pidFile, StandardCharsets.UTF_8)) {
                    p.load(in);
                }
                var placement = new Placement(p.getProperty("decisionId"), p.getProperty("jobId"),
                        p.getProperty("kind"), Integer.parseInt(p.getProperty("taskIndex")),
                        Integer.parseInt(p.getProperty("attempt")), p.getProperty("nodeId"),
                        Instant.ofEpochMilli(Long.parseLong(p.getProperty("epoch"))), Instant.EPOCH,
                        new CpuRam(Double.parseDouble(p.getProperty("cpus")),
                                Long.parseLong(p.getProperty("memoryBytes"))),
                        List.of(), null, Map.of(), null, null, List.of(), Long.parseLong(p.getProperty("inputBytes")));
                long pid = Long.parseLong(p.getProperty("pid"));
                var pidStart = p.getProperty("pidStart");
                var running = ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                        .filter(h -> pidStart == null || h.info().startInstant()
                                .map(t -> t.toEpochMilli() == Long.parseLong(pidStart)).orElse(false))
                        .map(h -> new AttemptProcess(dir, h));
                left.add(new Left(placement, Instant.ofEpochMilli(Long.parseLong(p.getProperty("takenAt"))),
                        Instant.ofEpochMilli(Long.parseLong(p.getProperty("startTime"))), dir, running));
            }
        }
        return left;
    }

    public long pid() {
        return root.pid();
    }

    /** The tree's pids now: the wrapper first, then its descendants. */
    public List<Long> pids() {
        var pids = new ArrayList<Long>();
        pids.add(root.pid());
        root.descendants().forEach(h -> pids.add(h.pid()));
        return pids;
    }

    /**
     * The process trees of {@code attempts} (decision id to attempt), each the wrapper's pid first, from one listing
     * of the node's processes: cheaper than {@link #pids()} per attempt, which lists them all each time.
     */
    public static Map<String, List<Long>> trees(Map<String, AttemptProcess> attempts) {
        var children = new HashMap<Long, List<Long>>();
        ProcessHandle.allProcesses().forEach(h -> h.parent().ifPresent(parent ->
                children.computeIfAbsent(parent.pid(), k -> new ArrayList<>()).add(h.pid())));
        var trees = new HashMap<String, List<Long>>();
        attempts.forEach((id, attempt) -> {
            var tree = new ArrayList<Long>();
            tree.add(attempt.pid());
            for (int i = 0; i < tree.size(); i++) {
                tree.addAll(children.getOrDefault(tree.get(i), List.of()));
            }
            trees.put(id, tree);
        });
        return trees;
    }

    /** Completes when the wrapper has ended (for a process of an earlier run, by polling, as the JDK does). */
    public CompletableFuture<ProcessHandle> onExit() {
        return root.onExit();
    }

    /** SIGSTOP to the whole tree. */
    public void stop() {
        signalTree(Signals.SIGSTOP);
    }

    /** SIGCONT to the whole tree. */
    public void resume() {
        signalTree(Signals.SIGCONT);
    }

    private void signalTree(int signal) {
        for (long pid : pids()) {
            Signals.send(pid, signal);
        }
    }

    /**
     * SIGKILL to the whole tree: stopped first, so that nothing in it forks while it is listed, then the wrapper
     * (so it writes no exit code) and every descendant listed before it died (after, they would belong to init).
     */
    public void kill() {
        stop();
        var pids = pids();
        for (long pid : pids) {
            Signals.send(pid, Signals.SIGKILL);
        }
    }

    /** The exit status the wrapper wrote, if it did. */
    public Optional<Integer> exitCode() {
        return exitCode(dir);
    }

    public static Optional<Integer> exitCode(Path dir) {
        try {
            return Optional.of(Integer.parseInt(Files.readString(dir.resolve(EXIT_FILE)).strip()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The last {@value #STDERR_TAIL_BYTES} bytes of its stderr. */
    public String stderrTail() {
        return stderrTail(dir);
    }

    public static String stderrTail(Path dir) {
        var file = dir.resolve("stderr");
        try (var in = new RandomAccessFile(file.toFile(), "r")) {
            long from = Math.max(0, in.length() - STDERR_TAIL_BYTES);
            var bytes = new byte[(int) (in.length() - from)];
            in.seek(from);
            in.readFully(bytes);
            return new String(bytes, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /** Marks the end as reported, so a restarted agent does not report it again. */
    public static void markReported(Path dir) {
        try {
            Files.writeString(dir.resolve(REPORTED_FILE), "");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot mark " + dir + " reported: " + e.getMessage(), e);
        }
    }

    public Path dir() {
        return dir;
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (var path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
