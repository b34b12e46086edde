package io.gleaner.simulator.suite;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * SWIM rows in and out of the ingest's SWIM rule ({@link SwimJobRule}): the bundled day as rows to draw from, and
 * drawn rows as the jobs {@code gleaner evaluate --trace} would make of the same lines.
 */
final class SwimRows {

    private SwimRows() {
    }

    /** The rows of the SWIM trace at {@code location} (a file or classpath:) that make a job, in order. */
    static List<SwimRow> read(String location) {
        var rule = SwimJobRule.defaults();
        var rows = new ArrayList<SwimRow>();
        try (var reader = SwimTraceReader.open(location, rule, SwimTraceReader.NO_LIMIT)) {
            while (reader.hasNext()) {
                if (reader.next() instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                    var job = parsed.value();
                    rows.add(new SwimRow(job.getJobName(),
                            Duration.between(rule.traceEpoch(), job.getSubmitTime()).toSeconds(),
                            job.getInputBytes(), job.getShuffleBytes(), job.getOutputBytes()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read SWIM trace " + location + ": " + e.getMessage(), e);
        }
        return List.copyOf(rows);
    }

    /** The jobs of {@code rows} under {@code rule}; a row that breaks a job rule is an error, not a skip. */
    static List<Job> jobs(List<SwimRow> rows, SwimJobRule rule) {
        var jobs = new ArrayList<Job>(rows.size());
        for (var row : rows) {
            var checked = EventMapping.job(rule.job(row.name(), row.submitSeconds(), row.inputBytes(),
                    row.shuffleBytes(), row.outputBytes()));
            if (checked instanceof Checked.Valid<Job> valid) {
                jobs.add(valid.value());
            } else if (checked instanceof Checked.Invalid<Job> invalid) {
                throw new IllegalArgumentException("SWIM row " + row.name() + " makes no job: " + invalid.reason());
            }
        }
        return List.copyOf(jobs);
    }
}
