package io.gleaner.agent.host;

import io.gleaner.agent.core.DutyCycle;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The fallback CPU limit where no cgroup can be written (cgroup v1 hosts such as this project's build machine, or
 * no delegation): every {@value #PERIOD_MS} ms the attempts' process trees run for the {@link DutyCycle}'s share
 * and are stopped (SIGSTOP) for the rest, then continued (SIGCONT). Coarser than {@code cpu.max}: a stopped task
 * holds its memory and its sockets, and a task that forks between two listings runs unstopped until the next one.
 */
public final class DutyCycleLimiter implements AttemptLimiter {

    static final long PERIOD_MS = 100;

    private final Set<AttemptProcess> attempts = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile double limit = Double.POSITIVE_INFINITY;
    private volatile DutyCycle cycle = DutyCycle.FULL;
    private volatile double lastMeasured;
    private volatile boolean running = true;

    public DutyCycleLimiter(String nodeId) {
        thread = new Thread(this::loop, "gleaner-agent-duty-cycle-" + nodeId);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public String mechanism() {
        return "CPU limit by SIGSTOP/SIGCONT duty cycle over each attempt's process tree (period " + PERIOD_MS
                + " ms): no writable cgroup v2";
    }

    private void loop() {
        long period = TimeUnit.MILLISECONDS.toNanos(PERIOD_MS);
        while (running) {
            double share = cycle.share();
            if (share >= 1) {
                LockSupport.parkNanos(period);
                continue;
            }
            long run = (long) (period * share);
            LockSupport.parkNanos(run);
            if (!running || cycle.share() >= 1) {
                continue;
            }
            attempts.forEach(AttemptProcess::stop);
            LockSupport.parkNanos(period - run);
            attempts.forEach(AttemptProcess::resume);
        }
        attempts.forEach(AttemptProcess::resume);
    }

    @Override
    public void add(AttemptProcess attempt, long memoryBytes) {
        attempts.add(attempt);
    }

    @Override
    public void remove(AttemptProcess attempt) {
        attempts.remove(attempt);
    }

    @Override
    public void limit(double cores) {
        limit = cores;
        cycle = cycle.next(cores, lastMeasured);
    }

    @Override
    public void measured(double cores) {
        lastMeasured = cores;
        cycle = cycle.next(limit, cores);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        LockSupport.unpark(thread);
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        attempts.forEach(AttemptProcess::resume);
    }
}
