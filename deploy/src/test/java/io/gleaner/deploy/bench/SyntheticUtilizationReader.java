package io.gleaner.deploy.bench;

import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.NoSuchElementException;

/**
 * Utilization samples made in memory, shaped like a host utilization trace read row by row: each "line"
 * is one node at one time and yields a CPU and a memory sample (two rows, same line number), nodes taking
 * turns every 300 s of trace time. Values follow a fixed pattern, so two runs make the same rows; the
 * reader allocates a new record per row, as a parsing reader does.
 */
final class SyntheticUtilizationReader implements TraceReader<UtilizationSample> {

    private static final Instant START = Instant.parse("2013-08-01T00:00:00Z");

    private final long samples;
    private final int nodes;
    private final String[] nodeIds;
    private long made;

    SyntheticUtilizationReader(long samples, int nodes) {
        this.samples = samples;
        this.nodes = nodes;
        this.nodeIds = new String[nodes];
        for (int i = 0; i < nodes; i++) {
            nodeIds[i] = "node-" + i;
        }
    }

    @Override
    public boolean hasNext() {
        return made < samples;
    }

    @Override
    public TraceRow<UtilizationSample> next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        long line = made / 2 + 1;
        long step = (line - 1) / nodes;
        int node = (int) ((line - 1) % nodes);
        boolean cpu = made % 2 == 0;
        var time = START.plusSeconds(300 * step);
        double value = ((line * 7919 + (cpu ? 0 : 104_729)) % 1000) / 1000.0;
        var sample = UtilizationSample.newBuilder()
                .setNodeId(nodeIds[node])
                .setTime(time)
                .setMetric(cpu ? Metric.CPU : Metric.MEMORY)
                .setSource(UsageSource.REGULAR)
                .setValue(value)
                .build();
        made++;
        return new TraceRow.Parsed<>(line, time, nodeIds[node], sample);
    }

    @Override
    public String sourceName() {
        return "synthetic-" + samples + "-" + nodes;
    }

    @Override
    public long linesRead() {
        return (made + 1) / 2;
    }

    @Override
    public long blankLines() {
        return 0;
    }

    @Override
    public void close() {
    }
}
