package io.gleaner.simulator.suite;

import io.gleaner.ingest.google.GoogleTaskEventReader;
import io.gleaner.ingest.google.GoogleTraceRule;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.TaskState;
import io.gleaner.planner.core.Job;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a Google 2011 {@code task_events} file into {@link GoogleTaskRecord}s through the ingest's reader
 * ({@link GoogleTaskEventReader}): the adapter in front of {@link GoogleJobs}. Rows the reader rejects (the trace's
 * UPDATE events, SUBMITs without requests) are skipped: a task that loses its SUBMIT so loses its job.
 */
final class GoogleTaskEvents {

    /**
     * The bundled excerpt: the 589 jobs of part 0 that ran to completion, 482 of which {@link GoogleJobs} keeps (its
     * ATTRIBUTION.md says how it was cut).
     */
    static final String BUNDLED = TraceInput.CLASSPATH_PREFIX
            + "traces/google-2011-jobs/task_events-part-00000-excerpt.csv.gz";

    private GoogleTaskEvents() {
    }

    /** The jobs {@link GoogleJobs} keeps from the task events at {@code location} (a file or classpath:). */
    static List<Job> jobs(String location) {
        return GoogleJobs.of(read(location), GoogleTraceRule.DEFAULT_TRACE_EPOCH);
    }

    /** The events of {@code location}, in the file's order. */
    static List<GoogleTaskRecord> read(String location) {
        var records = new ArrayList<GoogleTaskRecord>();
        try (var rows = GoogleTaskEventReader.open(location, GoogleTraceRule.defaults(), LineTraceReader.NO_LIMIT)) {
            while (rows.hasNext()) {
                if (rows.next() instanceof TraceRow.Parsed<?> parsed) {
                    records.add(record(parsed.value()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Google task events " + location + ": " + e.getMessage(), e);
        }
        return List.copyOf(records);
    }

    private static GoogleTaskRecord record(Object value) {
        if (value instanceof JobSubmitted submitted) {
            return of(submitted.getJobId(), GoogleTaskRecord.Step.SUBMIT, submitted.getSubmitTime(),
                    submitted.getUser());
        }
        var report = (TaskReport) value;
        var step = report.getState() == TaskState.LAUNCHED ? GoogleTaskRecord.Step.SCHEDULE
                : report.getState() == TaskState.SUCCEEDED ? GoogleTaskRecord.Step.FINISH
                : GoogleTaskRecord.Step.OTHER_END;
        return of(report.getJobId(), step, report.getTime(), "");
    }

    /** The reader's job id is {@code <job ID>/<task index>} (no prefix: {@link GoogleTraceRule#jobId}). */
    private static GoogleTaskRecord of(String readerJobId, GoogleTaskRecord.Step step, Instant time,
                                       String user) {
        int slash = readerJobId.lastIndexOf('/');
        return new GoogleTaskRecord(Long.parseLong(readerJobId.substring(0, slash)),
                Integer.parseInt(readerJobId.substring(slash + 1)), step, time, user);
    }
}
