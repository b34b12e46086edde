package io.gleaner.deploy.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.gleaner.deploy.demo.DemoFixtures;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobEvent;
import io.gleaner.schemas.avro.JobEventType;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.schemas.serde.AvroDeserializer;
import io.gleaner.schemas.serde.RegistryConfig;
import io.gleaner.schemas.serde.RestSchemaRegistryClient;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JavaScript executor of {@code examples/executor-js} against {@code gleaner run} (its own process, embedded
 * broker and registry): its unit tests pass, it runs the jobs its submit script sends with task specs as child
 * processes, one of its nodes goes silent while it holds an attempt, and every job completes, as
 * {@code jobs.events} says, with the silent node's attempts run again on the other nodes.
 */
@Tag("integration")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class ExecutorJsIT {

    /** Three nodes of 2 slots; n2 goes silent right after it launches its first attempt. */
    private static final String SILENCED = "n2";
    /** A lost node is found after this much event-time silence; the executor heartbeats every 500 ms. */
    private static final String NODE_TIMEOUT_MS = "3000";
    private static final Path EXAMPLE = Path.of("..", "examples", "executor-js").toAbsolutePath().normalize();
    private static final Path LOGS = Path.of("target", "executor-js").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stopWhatRuns() {
        // The executor first (SIGTERM: it stops its children), then gleaner run.
        for (int i = started.size() - 1; i >= 0; i--) {
            var process = started.get(i);
            process.destroy();
            try {
                if (!process.waitFor(20, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }

    @Test
    void shouldCompleteEveryJobOfTheJsExecutorAndRunASilentNodesAttemptsElsewhere(@TempDir Path dir) throws Exception {
        assumeTrue(onPath("node") && onPath("npm"),
                "node and npm are not on the PATH: the JavaScript executor example cannot run here");
        Files.createDirectories(LOGS);
        assertThat(run(List.of("npm", "ci", "--no-audit", "--no-fund"), "npm-ci.log"))
                .as("npm ci in %s (see %s)", EXAMPLE, LOGS.resolve("npm-ci.log")).isZero();
        assertThat(run(List.of("npm", "test"), "npm-test.log"))
                .as("npm test: the executor's own tests (see %s)", LOGS.resolve("npm-test.log")).isZero();

        // gleaner run with no --bootstrap-servers: an embedded broker and registry; it prints their addresses.
        var runLog = LOGS.resolve("gleaner-run.log");
        var gleaner = start(List.of(javaBinary(), "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                "io.gleaner.deploy.Main", "run", "--stages", "planner", "--policy", "fifo",
                "--data-dir", dir.resolve("data").toString(), "--node-timeout-ms", NODE_TIMEOUT_MS,
                "--commit-interval-ms", "50"), Path.of("."), runLog);
        // Stop waiting as soon as the process ends: a gleaner run that failed to start says why in its log.
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200))
                .until(() -> read(runLog).contains("running stages [planner]") || !gleaner.isAlive());
        assertThat(gleaner.isAlive()).as("gleaner run is running:\n%s", tail(runLog)).isTrue();
        var bootstrapServers = printed(runLog, "bootstrap.servers=");
        var registryUrl = printed(runLog, "schema.registry.url=");
        var kafka = List.of("--bootstrap-servers", bootstrapServers, "--schema-registry-url", registryUrl);

        var executorLog = LOGS.resolve("executor.log");
        var executor = start(concat(List.of("node", "src/executor.js", "--nodes", "3", "--slots", "2", "--cpus", "4",
                "--heartbeat-period-ms", "500", "--silence-node", SILENCED), kafka), EXAMPLE, executorLog);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                .until(() -> !lines(executorLog, "running").isEmpty() || !executor.isAlive());
        assertThat(executor.isAlive()).as("the executor is running:\n%s", tail(executorLog)).isTrue();

        var submitLog = LOGS.resolve("submit.log");
        var submit = start(concat(List.of("node", "src/submit.js", "--jobs", "jobs/example.json",
                "--timeout-seconds", "90"), kafka), EXAMPLE, submitLog);
        await().atMost(Duration.ofSeconds(100)).until(() -> !submit.isAlive());
        assertThat(submit.exitValue()).as("submit.js: every job SUCCEEDED on jobs.events\n%s\nexecutor:\n%s",
                read(submitLog), tail(executorLog)).isZero();

        var jobIds = jobIds(EXAMPLE.resolve("jobs/example.json"));
        var client = new RestSchemaRegistryClient(RegistryConfig.of(registryUrl));
        var topics = Topics.defaults();
        var ended = read(bootstrapServers, topics.jobsEvents().name(), JobEvent.class, client).stream()
                .filter(e -> e.getType() == JobEventType.SUCCEEDED || e.getType() == JobEventType.FAILED)
                .collect(Collectors.toMap(JobEvent::getJobId, JobEvent::getType, (a, b) -> b));
        assertThat(ended).as("the last end of each job on %s", topics.jobsEvents().name())
                .containsOnlyKeys(jobIds)
                .allSatisfy((job, type) -> assertThat(type).isEqualTo(JobEventType.SUCCEEDED));

        // The node went silent holding attempts; each of their tasks ran again, as the next attempt, elsewhere.
        var silenced = lines(executorLog, "silenced");
        assertThat(silenced).as("the executor silenced %s while it held an attempt", SILENCED).hasSize(1);
        var held = new ArrayList<String>();
        silenced.get(0).get("holding").forEach(id -> held.add(id.asText()));
        assertThat(held).isNotEmpty();
        var placements = read(bootstrapServers, topics.placements().name(), PlacementDecision.class, client);
        var succeeded = read(bootstrapServers, topics.tasksReports().name(), TaskReport.class, client).stream()
                .filter(r -> r.getState() == TaskState.SUCCEEDED)
                .collect(Collectors.toMap(TaskReport::getDecisionId, TaskReport::getNodeId));
        for (var lost : held) {
            var task = lost.substring(0, lost.lastIndexOf('/') + 1);
            int attempt = Integer.parseInt(lost.substring(lost.lastIndexOf('/') + 1));
            // The next attempt (attempt + 1) is the relaunch; a later one if that one was refused or failed.
            Predicate<String> later = id -> id.startsWith(task)
                    && Integer.parseInt(id.substring(task.length())) > attempt;
            assertThat(placements).as("a later attempt of %s, lost with %s, placed elsewhere with its spec", lost,
                    SILENCED).anySatisfy(p -> {
                        assertThat(p.getDecisionId()).matches(later);
                        assertThat(p.getNodeId()).isNotEqualTo(SILENCED);
                        assertThat(p.getSpec()).as("the task spec carried on the placement").isNotNull();
                    });
            assertThat(succeeded).as("a later attempt of %s succeeded on another node", lost)
                    .anySatisfy((id, node) -> {
                        assertThat(id).matches(later);
                        assertThat(node).isNotEqualTo(SILENCED);
                    });
        }
        // Nothing the silent node was running is counted as done there.
        assertThat(succeeded).doesNotContainKeys(held.toArray(String[]::new));
    }

    private static boolean onPath(String program) {
        var path = Optional.ofNullable(System.getenv("PATH")).orElse("");
        return Stream.of(path.split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** Runs {@code command} in the example's directory to its end; its exit code. */
    private static int run(List<String> command, String logName) throws Exception {
        var process = new ProcessBuilder(command).directory(EXAMPLE.toFile()).redirectErrorStream(true)
                .redirectOutput(LOGS.resolve(logName).toFile()).start();
        if (!process.waitFor(3, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError(command + " did not end within 3 min");
        }
        return process.exitValue();
    }

    private Process start(List<String> command, Path directory, Path log) {
        try {
            var process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            started.add(process);
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return Stream.concat(a.stream(), b.stream()).toList();
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String tail(Path file) {
        var lines = read(file).lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** The value of the line {@code gleaner run} printed as {@code prefix + value}. */
    private static String printed(Path log, String prefix) {
        return read(log).lines().filter(l -> l.startsWith(prefix)).map(l -> l.substring(prefix.length()))
                .findFirst().orElseThrow(() -> new AssertionError("no " + prefix + " line in " + log));
    }

    /** The executor's JSON lines that have {@code field}. */
    private static List<JsonNode> lines(Path log, String field) {
        return read(log).lines().filter(l -> l.startsWith("{")).map(l -> {
            try {
                return JSON.readTree(l);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).filter(n -> n.has(field)).toList();
    }

    private static Set<String> jobIds(Path jobsFile) throws IOException {
        var ids = new java.util.TreeSet<String>();
        JSON.readTree(jobsFile.toFile()).forEach(job -> ids.add(job.get("jobId").asText()));
        return ids;
    }

    /** Every committed record of {@code topic}, decoded. */
    private static <T extends SpecificRecord> List<T> read(String bootstrapServers, String topic, Class<T> type,
            RestSchemaRegistryClient client) {
        var decoder = new AvroDeserializer<>(type, client);
        return DemoFixtures.readCommitted(bootstrapServers, topic).stream()
                .map(r -> decoder.deserialize(r.topic(), r.value())).toList();
    }
}
