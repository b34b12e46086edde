package io.gleaner.planner.core;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * A policy's plan that is computed off the thread that answers heartbeats and takes effect a fixed event-time delay
 * after it was asked for (docs/operations.md#plans-off-the-stream-thread). A plan asked for at event time t is
 * computed over the state of t (the caller captures it in the supplier), by the {@code worker} the adapter gives, and
 * is in force from the first {@link #advance} at or after t + delay; until then the plan in force answers. Only when
 * a plan is due and not ready does the caller wait for it. Which plan answers a heartbeat so depends on event times
 * only, not on how fast the worker is: the same inputs give the same decisions in-process and through Kafka.
 *
 * <p>With a zero delay the plan is computed at once on the caller's thread and is in force at once, as if there were
 * no worker. Plans take effect in the order they were asked for; each replaces the one before. Not thread-safe
 * itself: one caller (the stream thread) asks and advances; the worker only runs the suppliers.
 *
 * @param <T> the plan
 */
public final class DeferredPlan<T> {

    private final Duration delay;
    private final Executor worker;
    private final ArrayDeque<Pending<T>> pending = new ArrayDeque<>();
    private T inForce;

    /**
     * @param initial the plan in force before any is computed
     * @param delay   from a plan's request to the event time it takes effect, >= 0
     * @param worker  runs the computations (a thread of the adapter; {@code Runnable::run} computes at the request)
     */
    public DeferredPlan(T initial, Duration delay, Executor worker) {
        Objects.requireNonNull(delay, "delay");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("plan delay must be >= 0, was " + delay);
        }
        this.inForce = initial;
        this.delay = delay;
        this.worker = Objects.requireNonNull(worker, "worker");
    }

    /** Asks at {@code at} for the plan {@code compute} makes; {@code compute} must read only state captured now. */
    public void request(Instant at, Supplier<T> compute) {
        if (delay.isZero()) {
            pending.addLast(new Pending<>(at, CompletableFuture.completedFuture(compute.get())));
        } else {
            pending.addLast(new Pending<>(at.plus(delay), CompletableFuture.supplyAsync(compute, worker)));
        }
    }

    /**
     * Puts in force, in order, every plan due by {@code now}, waiting for any not computed yet; whether one took
     * effect. A failed computation fails here, on the caller's thread, as it would have without a worker.
     */
    public boolean advance(Instant now) {
        boolean changed = false;
        while (!pending.isEmpty() && !pending.peekFirst().due().isAfter(now)) {
            try {
                inForce = pending.removeFirst().plan().join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException cause) {
                    throw cause;
                }
                throw e;
            }
            changed = true;
        }
        return changed;
    }

    /** The plan in force. */
    public T inForce() {
        return inForce;
    }

    /** Whether a plan was asked for and has not taken effect yet. */
    public boolean isPending() {
        return !pending.isEmpty();
    }

    private record Pending<T>(Instant due, CompletableFuture<T> plan) {
    }
}
