package io.gleaner.ingest.swim;

import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.InputLimits;
import io.gleaner.schemas.avro.JobSubmitted;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Reads a SWIM job trace one line at a time and yields one {@link JobSubmitted} per row.
 *
 * <p><b>Format.</b> Tab-separated, no header, six fields: job name, submit time (seconds from the start
 * of the trace), gap to the previous job (seconds), map input bytes, shuffle bytes, reduce output bytes
 * (SWIM {@code workloadSuite/README}). Plain or gzip, from a file or the classpath ({@link TraceInput}).
 *
 * <p><b>Rule</b> (settings and defaults in {@link SwimJobRule}):
 * <ul>
 *   <li>jobId = jobIdPrefix + job name (prefix empty by default, so {@code job17}); jobName = job name;
 *       user and queue {@code "default"}; priority 0; no deadline.</li>
 *   <li>submitTime = traceEpoch + submit seconds; traceEpoch is 2009-05-01T00:00:00Z by default (the
 *       FB-2009 trace starts in May 2009). Times never depend on when the reader runs.</li>
 *   <li>inputBytes, shuffleBytes, outputBytes are the row's byte counts.</li>
 *   <li>One MAP group: maps = max(1, ceil(inputBytes / chunkBytes)) (chunkBytes 128 MiB);
 *       bytesPerTask = chunkBytes when maps &gt; 1, else inputBytes;
 *       lastTaskBytes = inputBytes - (maps - 1) * chunkBytes; flopPerByte 3100; demand 1 core and
 *       3 GiB; dataset = jobId + "/input"; firstChunk 0.</li>
 *   <li>A REDUCE group when shuffleBytes &gt; 0: reduces = min(maxReduces, ceil(shuffleBytes / reduceBytes))
 *       (reduceBytes 1 GiB, maxReduces 1000); bytesPerTask = ceil(shuffleBytes / reduces);
 *       lastTaskBytes = shuffleBytes - (reduces - 1) * bytesPerTask, so the bytes add up exactly;
 *       flopPerByte 6300; demand 1 core and 4 GiB; no dataset. Without shuffle the job has maps only.</li>
 * </ul>
 *
 * <p><b>Rejections.</b> A row with a number of fields other than six, an empty job name, a field that is
 * not a whole number, a negative number, a submit time earlier than the previous accepted row's, more
 * maps than a task group may have ({@link InputLimits}: 10^17 input bytes would be some 745 million maps), or a
 * job that breaks another rule of {@code jobs.submitted} ({@link io.gleaner.schemas.InputChecks}) becomes a
 * {@link TraceRow.Rejected}: source = the file name, partition -1,
 * offset = line number, value = the raw line, reason naming the field and value (e.g.
 * {@code map input bytes must be >= 0, was -5}), stage {@code ingest}, time 0. Reading goes on with the
 * next line. Blank lines are skipped and counted ({@link #blankLines()}). The row key is the job id.
 *
 * <p>Memory does not grow with the trace: one line is held at a time and the only state carried between
 * rows is the previous submit time. Not thread-safe.
 */
public final class SwimTraceReader extends LineTraceReader<JobSubmitted> {

    /** Classpath resource of the bundled Facebook 2009 day (5,894 jobs). */
    public static final String FB_2009_RESOURCE = "traces/swim/FB-2009_samples_24_times_1hr_0.tsv";

    /** Location of the bundled Facebook 2009 day, for {@link #open(String, SwimJobRule, long)}. */
    public static final String FB_2009 = TraceInput.CLASSPATH_PREFIX + FB_2009_RESOURCE;

    private static final int FIELDS = 6;
    private static final Field[] NUMERIC_FIELDS = Field.values();

    private final SwimJobRule rule;
    private long previousSubmitSeconds = -1;

    /**
     * A reader of an open input.
     *
     * @param input the trace; the reader owns and closes it
     * @param rule how rows become jobs
     * @param limit most jobs to yield; rejected rows do not count; {@link #NO_LIMIT} for all
     */
    public SwimTraceReader(TraceInput input, SwimJobRule rule, long limit) {
        super(input, limit, DEFAULT_MAX_LINE_BYTES);
        this.rule = Objects.requireNonNull(rule, "rule");
    }

    /** Opens a location: a file path, or {@code classpath:<resource>} such as {@link #FB_2009}. */
    public static SwimTraceReader open(String location, SwimJobRule rule, long limit) throws IOException {
        requireArguments(rule, limit);
        return new SwimTraceReader(TraceInput.open(location), rule, limit);
    }

    /** Opens a file, plain or gzip. */
    public static SwimTraceReader open(Path file, SwimJobRule rule, long limit) throws IOException {
        requireArguments(rule, limit);
        return new SwimTraceReader(TraceInput.file(file), rule, limit);
    }

    /** Opens the bundled Facebook 2009 day from the classpath. */
    public static SwimTraceReader fb2009(SwimJobRule rule, long limit) throws IOException {
        requireArguments(rule, limit);
        return new SwimTraceReader(TraceInput.resource(FB_2009_RESOURCE), rule, limit);
    }

    /** Checks what the constructor would refuse before a factory opens a file it could then not close. */
    private static void requireArguments(SwimJobRule rule, long limit) {
        Objects.requireNonNull(rule, "rule");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
    }

    /** The rule rows are turned into jobs by. */
    public SwimJobRule rule() {
        return rule;
    }

    @Override
    protected TraceRow<JobSubmitted> parse(String line, long lineNumber) {
        var fields = line.split("\t", -1);
        if (fields.length != FIELDS) {
            return rejected(lineNumber, "expected " + FIELDS + " tab-separated fields (job name, submit seconds,"
                    + " gap seconds, map input bytes, shuffle bytes, reduce output bytes), found " + fields.length);
        }
        var jobName = fields[0].strip();
        if (jobName.isEmpty()) {
            return rejected(lineNumber, "job name must not be empty");
        }
        var numbers = new long[FIELDS - 1];
        for (int i = 1; i < FIELDS; i++) {
            var field = NUMERIC_FIELDS[i - 1];
            var text = fields[i].strip();
            long value;
            try {
                value = Long.parseLong(text);
            } catch (NumberFormatException e) {
                return rejected(lineNumber, field.label + " must be a whole number, was '" + text + "'");
            }
            if (value < 0) {
                return rejected(lineNumber, field.label + " must be >= 0, was " + value);
            }
            numbers[i - 1] = value;
        }
        long submitSeconds = numbers[Field.SUBMIT_SECONDS.ordinal()];
        long inputBytes = numbers[Field.MAP_INPUT_BYTES.ordinal()];
        if (submitSeconds < previousSubmitSeconds) {
            return rejected(lineNumber, "submit seconds must not go backwards, was " + submitSeconds
                    + " after " + previousSubmitSeconds);
        }
        long maps = rule.mapCount(inputBytes);
        // Checked before the job is built, to say why in the trace's terms: chunks of input become maps.
        int mostMaps = InputLimits.DEFAULTS.maxTasksPerGroup();
        if (maps > mostMaps) {
            return rejected(lineNumber, "map input bytes " + inputBytes + " needs " + maps + " maps of "
                    + rule.chunkBytes() + " bytes, more than the " + mostMaps + " tasks a group may have");
        }
        JobSubmitted job;
        try {
            job = rule.job(jobName, submitSeconds, inputBytes, numbers[Field.SHUFFLE_BYTES.ordinal()],
                    numbers[Field.REDUCE_OUTPUT_BYTES.ordinal()]);
        } catch (ArithmeticException e) {
            return rejected(lineNumber, "submit seconds is too large for a timestamp, was " + submitSeconds);
        }
        previousSubmitSeconds = submitSeconds;
        return new TraceRow.Parsed<>(lineNumber, job.getSubmitTime(), job.getJobId(), job);
    }

    /** The numeric fields, in file order after the job name. */
    private enum Field {
        SUBMIT_SECONDS("submit seconds"),
        GAP_SECONDS("gap seconds"),
        MAP_INPUT_BYTES("map input bytes"),
        SHUFFLE_BYTES("shuffle bytes"),
        REDUCE_OUTPUT_BYTES("reduce output bytes");

        private final String label;

        Field(String label) {
            this.label = label;
        }
    }
}
