package io.gleaner.ingest.validation;

import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;

/** Samples and readers for the validation tests. */
final class ValidationFixtures {

    static final Instant T0 = Instant.parse("2013-08-01T00:00:00Z");

    private ValidationFixtures() {
    }

    /** A REGULAR CPU sample of a node, {@code seconds} after {@link #T0}. */
    static UtilizationSample cpu(String nodeId, long seconds, double value) {
        return sample(nodeId, seconds, Metric.CPU, UsageSource.REGULAR, value);
    }

    static UtilizationSample sample(String nodeId, long seconds, Metric metric, UsageSource source, double value) {
        return UtilizationSample.newBuilder()
                .setNodeId(nodeId)
                .setTime(T0.plusSeconds(seconds))
                .setMetric(metric)
                .setSource(source)
                .setValue(value)
                .build();
    }

    /** A parsed row carrying a sample, keyed by its node. */
    static TraceRow<UtilizationSample> row(long line, UtilizationSample sample) {
        return new TraceRow.Parsed<>(line, sample.getTime(), sample.getNodeId(), sample);
    }

    /** A {@link TraceReader} over rows made in a test. */
    static final class ListReader<V> implements TraceReader<V> {
        private final Iterator<TraceRow<V>> rows;
        private long read;
        private boolean closed;

        ListReader(List<TraceRow<V>> rows) {
            this.rows = List.copyOf(rows).iterator();
        }

        @Override
        public boolean hasNext() {
            return rows.hasNext();
        }

        @Override
        public TraceRow<V> next() {
            read++;
            return rows.next();
        }

        @Override
        public String sourceName() {
            return "samples.csv";
        }

        @Override
        public long linesRead() {
            return read;
        }

        @Override
        public long blankLines() {
            return 0;
        }

        @Override
        public void close() {
            closed = true;
        }

        boolean closed() {
            return closed;
        }
    }
}
