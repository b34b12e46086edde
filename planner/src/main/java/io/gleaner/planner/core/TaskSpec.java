package io.gleaner.planner.core;

import io.gleaner.schemas.LocationTemplate;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What an executor runs for each task of a group: a process ({@code command}) or a container ({@code image}), its
 * environment, and where the task reads and writes. The locations are templates ({@link LocationTemplate}) that
 * {@link #forAttempt} resolves for one attempt; the command and the environment are passed as given.
 *
 * @param command        program and arguments, run without a shell; may be empty when an image is given
 * @param env            environment variables, kept sorted by name so that equal specs encode to equal bytes
 * @param inputLocation  where a task reads, as a template
 * @param outputLocation where a task writes, as a template
 */
public record TaskSpec(List<String> command, Optional<String> image, Map<String, String> env,
                       Optional<String> inputLocation, Optional<String> outputLocation) {

    public TaskSpec {
        command = List.copyOf(command);
        Objects.requireNonNull(image, "image");
        env = Collections.unmodifiableMap(new TreeMap<>(env));
        Objects.requireNonNull(inputLocation, "inputLocation");
        Objects.requireNonNull(outputLocation, "outputLocation");
        if (command.isEmpty() && image.isEmpty()) {
            throw new IllegalArgumentException("a task spec must give a command or an image, was neither");
        }
    }

    /**
     * This spec for {@code attempt}: {@code {job}}, {@code {kind}} ({@code map} or {@code reduce}), {@code {task}},
     * {@code {attempt}} and, when the task reads a chunk, {@code {dataset}} and {@code {chunk}} replaced in both
     * locations. A placeholder without a value stays as it is: {@code jobs.submitted}'s rules refuse such a template
     * ({@link io.gleaner.schemas.InputChecks}), so only a job stored under older rules can still hold one, and an
     * executor then sees what the submitter wrote.
     */
    TaskSpec forAttempt(TaskAttempt attempt, Optional<Chunk> chunk) {
        var values = new HashMap<String, String>();
        values.put(LocationTemplate.JOB, attempt.jobId());
        values.put(LocationTemplate.KIND, kindValue(attempt.kind()));
        values.put(LocationTemplate.TASK, Integer.toString(attempt.taskIndex()));
        values.put(LocationTemplate.ATTEMPT, Integer.toString(attempt.attempt()));
        chunk.ifPresent(c -> {
            values.put(LocationTemplate.DATASET, c.dataset());
            values.put(LocationTemplate.CHUNK, Long.toString(c.index()));
        });
        return new TaskSpec(command, image, env, inputLocation.map(t -> LocationTemplate.resolve(t, values)),
                outputLocation.map(t -> LocationTemplate.resolve(t, values)));
    }

    /**
     * Where the maps of job {@code jobId} that ran this spec wrote: the output location with {@code {job}} and
     * {@code {kind}} resolved and {@code {task}} and {@code {attempt}} left for a reduce to fill from the placement's
     * map outputs. Empty when the spec names no output location.
     */
    public Optional<String> mapOutputLocation(String jobId) {
        var values = Map.of(LocationTemplate.JOB, jobId, LocationTemplate.KIND, kindValue(TaskKind.MAP));
        return outputLocation.map(t -> LocationTemplate.resolve(t, values));
    }

    private static String kindValue(TaskKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }
}
