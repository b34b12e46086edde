package io.gleaner.deploy.scalebench;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The owners' utilization of many nodes, as their telemetry adapters would send it: every node one sample of each of
 * {@link #METRICS} (source REGULAR) per period, the nodes spread evenly over the period, from one scheduler thread on
 * one producer, so that 50,000 nodes cost no thread each. Each value is drawn from the seed, the node and the sample's
 * number, so a rerun sends the same values.
 */
public final class UtilizationFeed implements AutoCloseable {

    /** The metrics each sample holds: the two the forecaster forecasts and the QoS controller watches. */
    public static final List<Metric> METRICS = List.of(Metric.CPU, Metric.MEMORY);
    /** How often the scheduler sends what fell due; short against any period, long enough to batch. */
    private static final Duration TICK = Duration.ofMillis(100);

    private final Producer<String, byte[]> producer;
    private final String topic;
    private final AvroSerializer<UtilizationSample> serializer;
    private final IntFunction<String> nodeId;
    private final int nodes;
    private final long periodNanos;
    private final long seed;
    private final InstantSource clock;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        var thread = new Thread(r, "bench-scale-utilization");
        thread.setDaemon(true);
        return thread;
    });
    private long startNanos;
    /** Samples sent so far over all nodes: node {@code sent % nodes} is next, at its {@code sent / nodes}-th. */
    private long sent;

    /**
     * @param nodeId the id of node {@code i}, as its heartbeats name it
     * @param clock  the samples' event times
     */
    public UtilizationFeed(Producer<String, byte[]> producer, String topic,
                           AvroSerializer<UtilizationSample> serializer, IntFunction<String> nodeId, int nodes,
                           Duration period, long seed, InstantSource clock) {
        if (nodes < 1 || period.toMillis() < 1) {
            throw new IllegalArgumentException("needs nodes >= 1 and a period >= 1 ms, were " + nodes + ", " + period);
        }
        this.producer = producer;
        this.topic = topic;
        this.serializer = serializer;
        this.nodeId = nodeId;
        this.nodes = nodes;
        this.periodNanos = period.toNanos();
        this.seed = seed;
        this.clock = clock;
    }

    /** Starts sending: node {@code i}'s first sample at {@code i / nodes} of a period from now. */
    public void start() {
        startNanos = System.nanoTime();
        scheduler.scheduleAtFixedRate(this::sendDue, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Samples sent so far (each with {@link #METRICS}' records). */
    public synchronized long sent() {
        return sent;
    }

    private synchronized void sendDue() {
        long elapsed = System.nanoTime() - startNanos;
        // Sample s is due at s * period / nodes: every node once per period, in node order.
        long due = (long) Math.floor((double) elapsed * nodes / periodNanos) + 1;
        while (sent < due) {
            int node = (int) (sent % nodes);
            long round = sent / nodes;
            var random = new SplittableRandom(seed ^ (31L * node + round * 1_000_003L));
            var id = nodeId.apply(node);
            var time = Instant.ofEpochMilli(clock.millis());
            for (var metric : METRICS) {
                var sample = UtilizationSample.newBuilder().setNodeId(id).setTime(time).setMetric(metric)
                        .setSource(UsageSource.REGULAR).setValue(0.1 + 0.6 * random.nextDouble()).build();
                producer.send(new ProducerRecord<>(topic, null, time.toEpochMilli(), id,
                        serializer.serialize(topic, sample)));
            }
            sent++;
        }
    }

    /** Stops sending; the producer is the caller's. */
    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
