package io.gleaner.planner.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code count} tasks of one kind that differ only in the bytes they read: task {@code i} reads
 * {@code bytesPerTask}, the last one {@code lastTaskBytes}; map task {@code i} reads chunk
 * {@code firstChunk + i} of {@code dataset}.
 *
 * @param flopPerByte work per byte read, in floating-point operations (Salamander §IV-A)
 * @param demand      what each task holds while it runs
 * @param dataset     for maps, the dataset the chunks belong to; empty when the tasks read no named chunks
 * @param layout      where the dataset's chunks have replicas, when the submitter knows (only with a dataset);
 *                    empty means the tasks have no locality preference
 * @param spec        what to run for each task, as the submitter gave it; empty when the executor knows (the
 *                    simulator, a trace replay)
 */
public record PhaseTasks(TaskKind kind, int count, long bytesPerTask, long lastTaskBytes, double flopPerByte,
                        CpuMemory demand, Optional<String> dataset, long firstChunk, Optional<ChunkLayout> layout,
                        Optional<TaskSpec> spec) {

    public PhaseTasks {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(demand, "demand");
        Objects.requireNonNull(dataset, "dataset");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(spec, "spec");
        if (count <= 0) {
            throw new IllegalArgumentException(kind + " count must be > 0, was " + count);
        }
        if (bytesPerTask < 0) {
            throw new IllegalArgumentException(kind + " bytesPerTask must be >= 0, was " + bytesPerTask);
        }
        if (lastTaskBytes < 0) {
            throw new IllegalArgumentException(kind + " lastTaskBytes must be >= 0, was " + lastTaskBytes);
        }
        if (!Double.isFinite(flopPerByte) || flopPerByte < 0) {
            throw new IllegalArgumentException(kind + " flopPerByte must be finite and >= 0, was " + flopPerByte);
        }
        if (firstChunk < 0) {
            throw new IllegalArgumentException(kind + " firstChunk must be >= 0, was " + firstChunk);
        }
        if (dataset.isPresent() && dataset.get().isBlank()) {
            throw new IllegalArgumentException(kind + " dataset must not be blank");
        }
        if (dataset.isPresent() && firstChunk > Long.MAX_VALUE - count) {
            throw new IllegalArgumentException(kind + " chunks overflow: firstChunk " + firstChunk + " + count " + count);
        }
        if (layout.isPresent() && dataset.isEmpty()) {
            throw new IllegalArgumentException(kind + " group has a chunk layout but no dataset");
        }
    }

    /** A group without a spec. */
    public PhaseTasks(TaskKind kind, int count, long bytesPerTask, long lastTaskBytes, double flopPerByte,
                     CpuMemory demand, Optional<String> dataset, long firstChunk, Optional<ChunkLayout> layout) {
        this(kind, count, bytesPerTask, lastTaskBytes, flopPerByte, demand, dataset, firstChunk, layout,
                Optional.empty());
    }

    /** A group without a spec whose chunk locations are not known. */
    public PhaseTasks(TaskKind kind, int count, long bytesPerTask, long lastTaskBytes, double flopPerByte,
                     CpuMemory demand, Optional<String> dataset, long firstChunk) {
        this(kind, count, bytesPerTask, lastTaskBytes, flopPerByte, demand, dataset, firstChunk, Optional.empty());
    }

    /** This group reading its chunks from {@code layout} (empty: no locality known). */
    public PhaseTasks withLayout(Optional<ChunkLayout> layout) {
        return new PhaseTasks(kind, count, bytesPerTask, lastTaskBytes, flopPerByte, demand, dataset, firstChunk, layout,
                spec);
    }

    /** Bytes task {@code taskIndex} reads. */
    public long inputBytes(int taskIndex) {
        checkIndex(taskIndex);
        return taskIndex == count - 1 ? lastTaskBytes : bytesPerTask;
    }

    /** The chunk task {@code taskIndex} reads: {@code (dataset, firstChunk + taskIndex)}, when the group names a dataset. */
    public Optional<Chunk> chunk(int taskIndex) {
        checkIndex(taskIndex);
        return dataset.map(name -> new Chunk(name, firstChunk + taskIndex));
    }

    /**
     * What {@code attempt} runs: the group's spec resolved for it
     * ({@link TaskSpec#forAttempt}); empty when the group has no spec.
     */
    Optional<TaskSpec> resolvedSpec(TaskAttempt attempt) {
        checkIndex(attempt.taskIndex());
        return spec.map(s -> s.forAttempt(attempt, chunk(attempt.taskIndex())));
    }

    /** Whether the group knows where its chunks are, so that its tasks prefer some nodes. */
    public boolean hasLocality() {
        return layout.isPresent();
    }

    /** Whether task {@code taskIndex}'s chunk has a replica on {@code nodeId}; false without a layout. */
    public boolean isLocal(int taskIndex, String nodeId) {
        checkIndex(taskIndex);
        return layout.isPresent() && layout.get().isLocal(firstChunk + taskIndex, nodeId);
    }

    /**
     * The indexes of the tasks whose chunk has a replica on {@code nodeId} ({@link ChunkLayout#localTasks}); empty
     * without a layout.
     */
    List<IndexProgression> localTasks(String nodeId) {
        return layout.isEmpty() ? List.of() : layout.get().localTasks(nodeId, firstChunk, count);
    }

    private void checkIndex(int taskIndex) {
        if (taskIndex < 0 || taskIndex >= count) {
            throw new IndexOutOfBoundsException(kind + " task index " + taskIndex + " out of range 0.." + (count - 1));
        }
    }
}
