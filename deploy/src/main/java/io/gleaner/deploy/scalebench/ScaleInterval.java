package io.gleaner.deploy.scalebench;

import io.gleaner.deploy.executorbench.LatencySummary;
import java.util.Map;
import java.util.TreeMap;

/**
 * The rates between two {@link ScaleReading}s: heartbeats and placements per second, the latency of the placements
 * matched in between, the process's CPU per placement and in cores, its Kafka Streams threads' CPU in cores and per
 * heartbeat, and for each stage the records per second it committed (what it holds) and its lag at the end (end
 * offsets minus committed offsets of its input partitions).
 *
 * @param cpuMsPerPlacement NaN when no placement arrived in between
 * @param streamsCpuMsPerHeartbeat the stream threads' CPU over the heartbeats sent; NaN when none was sent
 */
public record ScaleInterval(double seconds, double heartbeatsPerSecond, double placementsPerSecond,
                            LatencySummary latency, double cpuMsPerPlacement, double cpuCores, double streamsCores,
                            double streamsCpuMsPerHeartbeat, long heapBytes,
                            double loadAverage, Map<String, Double> committedPerSecond, Map<String, Long> lag) {

    public ScaleInterval {
        committedPerSecond = Map.copyOf(committedPerSecond);
        lag = Map.copyOf(lag);
    }

    /** The rates from {@code from} to {@code to}, which must be later. */
    public static ScaleInterval between(ScaleReading from, ScaleReading to) {
        double seconds = (to.nanos() - from.nanos()) / 1e9;
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("readings must be in order, were " + seconds + " s apart");
        }
        int placements = to.progress().placementsReceived() - from.progress().placementsReceived();
        long cpu = to.cpuNanos() - from.cpuNanos();
        long streams = to.streamsCpuNanos() - from.streamsCpuNanos();
        int heartbeats = to.progress().heartbeatsSent() - from.progress().heartbeatsSent();
        var committed = new TreeMap<String, Double>();
        var lag = new TreeMap<String, Long>();
        to.groups().forEach((group, position) -> {
            var before = from.groups().get(group);
            long earlier = before == null ? position.committed() : before.committed();
            committed.put(group, (position.committed() - earlier) / seconds);
            lag.put(group, position.lag());
        });
        return new ScaleInterval(seconds, heartbeats / seconds, placements / seconds, to.progress().latencySince(),
                placements > 0 ? cpu / 1e6 / placements : Double.NaN, cpu / 1e9 / seconds, streams / 1e9 / seconds,
                heartbeats > 0 ? streams / 1e6 / heartbeats : Double.NaN, to.heapBytes(),
                to.loadAverage(), committed, lag);
    }
}
