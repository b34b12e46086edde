package io.gleaner.deploy.cli;

import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.ingest.replay.EventTimeCheckedReader;
import io.gleaner.ingest.replay.KafkaRecordSink;
import io.gleaner.ingest.replay.KafkaReplayedPositions;
import io.gleaner.ingest.replay.KeySampler;
import io.gleaner.ingest.replay.RecordSink;
import io.gleaner.ingest.replay.ReplayOptions;
import io.gleaner.ingest.replay.ReplayProgress;
import io.gleaner.ingest.replay.ReplaySummary;
import io.gleaner.ingest.replay.ReplayWindow;
import io.gleaner.ingest.replay.ReplayedPositions;
import io.gleaner.ingest.replay.Replayer;
import io.gleaner.ingest.replay.Resume;
import io.gleaner.ingest.replay.RoutingSink;
import io.gleaner.ingest.replay.WallClockPacer;
import io.gleaner.ingest.trace.MappedRows;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.ingest.validation.ValidatingReader;
import io.gleaner.ingest.validation.ValidationSummary;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.serde.AvroSerializer;
import io.gleaner.schemas.serde.SchemaRegistryClient;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner replay}: put a trace onto its canonical topics, paced by its event times. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replay a trace onto Gleaner's canonical topics: each record at its event time (the record "
                + "timestamp), paced at a speed factor, in trace order, keyed by node id or job id. Utilization "
                + "samples pass the sample validator (value in [0, 1] and a number, time not going backwards, no "
                + "duplicate per node, metric and source); rows that do not parse or validate go to the deadletter "
                + "topic with their file, line and reason. Every row is counted: sent, dead-lettered, or skipped "
                + "(outside --from/--to, not in --sample, or already replayed on --resume).",
                "Every record carries the headers gleaner.source (the trace's name) and gleaner.position, and goes "
                        + "to the partition of its key; --resume reads them back and sends only what is missing, "
                        + "so an interrupted replay, run again with the same options and --resume, leaves the topics "
                        + "as one uninterrupted replay would.",
                "Creates the catalogue's topics if they are missing.",
                "Before anything starts, the trace is checked: every file must open as what it claims (gzip when it "
                        + "starts with the gzip magic bytes or is named .gz) and begin as text (no NUL byte in its "
                        + "first 64 KiB, decompressed), and one of the trace's first 1,000 rows must parse as "
                        + "--format; otherwise the replay is refused, naming the file and the first bad line, and "
                        + "nothing is sent. A file that breaks later (a truncated gzip) stops the replay with an "
                        + "error naming the file and the line: what was sent before stays sent; replace the file and "
                        + "run the same command with --resume to send the rest, nothing lost or doubled. A replay "
                        + "that sends nothing because every row was dead-lettered exits 1."},
        footerHeading = "%nFormats (--format), what they read and where their records go:%n")
final class ReplayCommand implements Callable<Integer> {

    /** Progress is reported after this many rows, and printed at most this often. */
    static final int PROGRESS_EVERY_ROWS = 1000;
    static final Duration PRINT_EVERY = Duration.ofSeconds(2);

    @Mixin
    MetricsOptions metrics;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EventTimeOption eventTimes;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Option(names = "--format", defaultValue = "swim", paramLabel = "FORMAT", completionCandidates = FormatNames.class,
            description = "What the trace is: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}). See Formats "
                    + "below.")
    String format;

    @Option(names = "--trace", paramLabel = "PATH|DIR",
            description = "The trace: a file (plain or gzip, told by its first bytes), a directory (bitbrains and "
                    + "google-task-usage read it as one trace; for the other formats its files are read one after "
                    + "another in name order), or classpath:<resource>. Default: the format's bundled trace (swim: "
                    + "Facebook 2009; bitbrains: 10 VMs over 2 days); required for the other formats.")
    String trace;

    @Mixin
    FormatOptions formatOptions;

    @Option(names = "--speed", defaultValue = "1", paramLabel = "FACTOR|max",
            description = "Trace seconds per wall-clock second: 1 is real time, 60 a minute per second, "
                    + "max as fast as possible (default: ${DEFAULT-VALUE}).")
    String speed;

    @Option(names = "--from", paramLabel = "TIME",
            description = "Replay only rows at or after this trace time: an instant (2009-05-01T06:00:00Z) or a "
                    + "duration after the trace start, the first row's time (90s, 6h, 1h30m, 2d, PT6H). "
                    + "Default: the start.")
    String from;

    @Option(names = "--to", paramLabel = "TIME",
            description = "Replay only rows before this trace time, in the same forms as --from. Default: the end.")
    String to;

    @Option(names = "--sample", defaultValue = "1", paramLabel = "FRACTION",
            description = "Replay only this fraction of the keys (node ids, job ids), chosen by a hash of "
                    + "--seed and the key: the same keys on every run and in every file with the same seed "
                    + "(default: ${DEFAULT-VALUE}, every key).")
    double sample;

    @Option(names = "--seed", defaultValue = "0", paramLabel = "S",
            description = "Seed of --sample and of --deadline-factor's draws; another seed keeps another subset "
                    + "and draws other factors (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    ReplayDeadlines deadlines;

    @Option(names = "--resume",
            description = "Continue an interrupted replay: send only the rows the topics do not hold yet. Give "
                    + "the same trace and options as the interrupted run.")
    boolean resume;

    @Option(names = {"--limit", "--jobs"}, paramLabel = "N",
            description = "Read only the first N parsed rows of the trace, sent or skipped (default: all).")
    Long limit;

    @Option(names = "--node-id-prefix", defaultValue = "", paramLabel = "PREFIX",
            description = "Put before every node id, e.g. to replay two traces side by side (default: none).")
    String nodeIdPrefix;

    @Option(names = "--job-id-prefix", defaultValue = "", paramLabel = "PREFIX",
            description = "Put before every job id (default: none).")
    String jobIdPrefix;

    private CommandSpec spec;

    /** Picocli injects the spec here; the formats' table becomes the help's footer. */
    @Spec
    void spec(CommandSpec commandSpec) {
        this.spec = commandSpec;
        commandSpec.usageMessage().footer(ReplayFormat.FORMATS.stream()
                .flatMap(f -> f.help().stream())
                .map(line -> "  " + line.replace("%", "%%"))
                .toArray(String[]::new));
    }

    /** The formats' names, for picocli's ${COMPLETION-CANDIDATES}. */
    static final class FormatNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return ReplayFormat.FORMATS.stream().map(ReplayFormat::name).iterator();
        }
    }

    /**
     * Everything the options say, checked before anything starts.
     *
     * @param replayId a digest of the options that decide which rows are sent and what they become (format,
     *     window, sample, id prefixes, mapping, machine events; not the speed, nor the limit, which only cuts
     *     the same sequence shorter; the goals, when given): every record carries it, and a resume with another
     *     one is refused
     */
    private record Plan(ReplayFormat format, String trace, ReplayOptions options, Optional<Mapping> mapping,
            Optional<ReplayDeadlines.Goals> goals, String replayId) {
    }

    @Override
    public Integer call() throws Exception {
        var plan = plan();
        checkTrace(plan);
        var out = spec.commandLine().getOut();
        try (var served = metrics.serve(out);
             var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
             var admin = Admin.create(environment.clientConfig())) {
            var topics = kafka.topics();
            new CatalogueTopics(admin).create(topics, Optional.empty());
            var clientConfig = environment.clientConfig();
            var validator = SampleValidator.anyHost();
            var settings = new ReplayFormat.Settings(nodeIdPrefix, jobIdPrefix, plan.mapping(),
                    formatOptions.machineEvents(), validator);
            try (var rows = open(plan, settings);
                 var sink = routes(plan, topics, clientConfig, environment.registryClient());
                 var deadLetterSink = KafkaRecordSink.open(topics.deadLetters().name(), clientConfig,
                         new AvroSerializer<>(DeadLetter.class, environment.registryClient()), plan.replayId())) {
                var from = resume ? resumeFrom(plan, topics, clientConfig, rows.sourceName()) : Resume.none();
                var bound = eventTimes.bound();
                var replayer = new Replayer<>(sink, deadLetterSink, new WallClockPacer(), plan.options());
                if (plan.format().samples()) {
                    replayer = replayer.withCheck(selected -> new EventTimeCheckedReader<>(
                            new ValidatingReader<>(selected, validator,
                                    record -> record instanceof UtilizationSample sample ? sample : null), bound));
                } else {
                    replayer = replayer.withCheck(selected -> new EventTimeCheckedReader<>(plan.goals()
                            .<TraceReader<SpecificRecord>>map(goals -> new MappedRows<>(selected, goals::apply))
                            .orElse(selected), bound));
                }
                var progress = new Progress(spec.commandLine().getErr(), plan.options());
                ReplaySummary summary;
                try {
                    summary = replayer.replay(rows, from, progress::report);
                } catch (UncheckedIOException e) {
                    // A file that breaks part-way (a truncated gzip): what was sent before it is flushed when the
                    // sinks close, and every record carries its position, so --resume sends exactly the rest.
                    throw new IllegalStateException(e.getMessage() + ": " + e.getCause().getMessage() + "; the "
                            + "records sent before it stay sent: replace the file and run the same command with "
                            + "--resume to send the rest", e);
                }
                progress.finish();
                print(out, plan, rows.sourceName(), summary, sink.sent(), topics,
                        plan.format().samples() ? Optional.of(validator.summary()) : Optional.empty());
                out.println("bootstrap.servers=" + environment.bootstrapServers());
                out.println("schema.registry.url=" + environment.registryConfig().urls().get(0));
                if (summary.sent() == 0 && summary.rejected() > 0) {
                    throw new IllegalStateException("nothing valid in " + rows.sourceName() + ": every one of the "
                            + summary.rejected() + " rows replayed was dead-lettered; check --format and the trace");
                }
            }
        }
        return 0;
    }

    /**
     * Refuses, before anything starts, a trace that cannot be replayed: a file that does not open as what it claims
     * or does not begin as text, an empty directory, or a trace none of whose first rows parses.
     */
    private void checkTrace(Plan plan) throws IOException {
        if (!plan.trace().startsWith(TraceInput.CLASSPATH_PREFIX)) {
            var files = plan.format().files(Path.of(plan.trace()));
            if (files.isEmpty()) {
                throw new IllegalArgumentException("--trace " + plan.trace() + ": the directory has no trace files");
            }
            try {
                TraceFiles.checkText(files);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--trace: " + e.getMessage(), e);
            }
        }
        var settings = new ReplayFormat.Settings(nodeIdPrefix, jobIdPrefix, plan.mapping(),
                formatOptions.machineEvents(), SampleValidator.anyHost());
        try {
            TraceFiles.checkParses(open(plan, settings), "--format " + plan.format().name());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--trace: " + e.getMessage(), e);
        }
    }

    /** Checks the options and turns them into a plan; a bad one is a usage error, before anything starts. */
    private Plan plan() {
        ReplayFormat replayFormat;
        try {
            replayFormat = ReplayFormat.named(format);
        } catch (IllegalArgumentException e) {
            throw usage("--format: " + e.getMessage());
        }
        var location = trace != null ? trace : replayFormat.bundled()
                .orElseThrow(() -> usage("--format " + format + " has no bundled trace: give --trace"));
        Optional<Mapping> loaded;
        try {
            loaded = formatOptions.mappingFor(replayFormat);
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (limit != null && limit < 1) {
            throw usage("--limit must be >= 1, was " + limit);
        }
        if (!TraceFiles.exists(location)) {
            throw usage("--trace: no such file or directory: " + location);
        }
        var options = speedOptions().withProgressEvery(PROGRESS_EVERY_ROWS);
        try {
            options = options.withWindow(ReplayWindow.parse(from, to)).withSampler(new KeySampler(sample, seed));
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
        if (limit != null) {
            options = options.withExpectedRecords(limit);
        }
        var goals = deadlines.goals(spec, seed);
        if (goals.isPresent() && replayFormat.routes().stream().noneMatch(r -> r.type() == JobSubmitted.class)) {
            throw usage("--deadline-factor is for a format that carries jobs, not " + replayFormat.name());
        }
        var identity = String.join("\n", replayFormat.name(), options.window().toString(), options.sampler().toString(),
                nodeIdPrefix, jobIdPrefix, loaded.map(Object::toString).orElse(""),
                formatOptions.machineEvents().orElse(""));
        // Without goals the id is what it was before replay took them, so older replays still resume.
        var withGoals = goals.map(g -> identity + "\n" + g.identity()).orElse(identity);
        return new Plan(replayFormat, location, options, loaded, goals, digest(withGoals));
    }

    /** The first 8 bytes of the SHA-256 of the text, in hex. */
    static String digest(String text) {
        try {
            var hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }

    private ReplayOptions speedOptions() {
        if ("max".equalsIgnoreCase(speed)) {
            return ReplayOptions.asFastAsPossible();
        }
        try {
            return ReplayOptions.atSpeed(Double.parseDouble(speed));
        } catch (IllegalArgumentException e) {
            throw usage("--speed must be a number > 0 or 'max', was '" + speed + "'");
        }
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /** The trace as one reader, read to at most --limit parsed rows. */
    private TraceReader<SpecificRecord> open(Plan plan, ReplayFormat.Settings settings) throws IOException {
        return plan.format().open(plan.trace(), settings, limit == null ? Long.MAX_VALUE : limit);
    }

    /** A sink per record type of the format, each on its topic. */
    private static RoutingSink<SpecificRecord> routes(Plan plan, Topics topics, Map<String, Object> clientConfig,
            SchemaRegistryClient client) {
        var builder = RoutingSink.<SpecificRecord>builder();
        for (var route : plan.format().routes()) {
            route(builder, route.type(), route.topic().apply(topics), clientConfig, client, plan.replayId());
        }
        return builder.build();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void route(RoutingSink.Builder<SpecificRecord> builder, Class<? extends SpecificRecord> type,
            Topic<String, ?> topic, Map<String, Object> clientConfig, SchemaRegistryClient client, String replayId) {
        // The catalogue pairs each topic with its Avro class, which is the type routed to it.
        RecordSink sink = KafkaRecordSink.open(topic.name(), clientConfig, new AvroSerializer(topic.value(), client),
                replayId);
        builder.route((Class) type, sink);
    }

    /** Where an interrupted replay of this trace got to on the format's topics and the dead-letter topic. */
    private static Resume resumeFrom(Plan plan, Topics topics, Map<String, Object> clientConfig, String source) {
        var byType = new HashMap<Class<?>, ReplayedPositions>();
        for (var route : plan.format().routes()) {
            byType.put(route.type(), KafkaReplayedPositions.read(clientConfig, route.topic().apply(topics).name(),
                    source, plan.replayId()));
        }
        return new Resume(ReplayedPositions.byType(byType),
                KafkaReplayedPositions.read(clientConfig, topics.deadLetters().name(), source, plan.replayId()));
    }

    private static void print(PrintWriter out, Plan plan, String source, ReplaySummary summary,
            Map<Class<?>, Long> sentByType, Topics topics, Optional<ValidationSummary> validation) {
        double seconds = summary.elapsed().toNanos() / 1e9;
        out.printf("replayed %s (%s, replay id %s) in %.1f s%s%n", source, plan.format().name(), plan.replayId(),
                seconds, seconds > 0 ? String.format(", %,.0f records/s", summary.sent() / seconds) : "");
        var topicOf = new LinkedHashMap<Class<?>, String>();
        plan.format().routes().forEach(r -> topicOf.put(r.type(), r.topic().apply(topics).name()));
        out.printf("  sent                      %,d (%s)%n", summary.sent(), sentByType.entrySet().stream()
                .map(e -> String.format("%,d %s to %s", e.getValue(), e.getKey().getSimpleName(), topicOf.get(e.getKey())))
                .collect(Collectors.joining(", ")));
        out.printf("  dead letters              %,d to %s%n", summary.rejected(), topics.deadLetters().name());
        validation.ifPresent(v -> out.printf("  validated                 %,d accepted, %,d rejected%s%n", v.accepted(),
                v.rejectedTotal(), v.rejectedTotal() == 0 ? "" : v.rejected().entrySet().stream()
                        .filter(e -> e.getValue() > 0)
                        .map(e -> String.format("%s %,d", e.getKey(), e.getValue()))
                        .collect(Collectors.joining(", ", " (", ")"))));
        out.printf("  skipped outside window    %,d %s%n", summary.skippedByWindow(), plan.options().window());
        out.printf("  skipped not in sample     %,d (%s)%n", summary.skippedBySampling(), plan.options().sampler());
        out.printf("  skipped already replayed  %,d%n", summary.skippedAsReplayed());
        out.printf("  blank lines               %,d%n", summary.blankLines());
        plan.goals().ifPresent(goals -> out.printf("  deadlines                 %s%n", goals.description()));
        summary.firstEventTime().ifPresent(t -> out.println("  first event time          " + t));
        summary.lastEventTime().ifPresent(t -> out.println("  last event time           " + t));
    }

    /** Progress on the error stream: a bar when the number of rows is known, else a line every few seconds. */
    private static final class Progress {

        private final PrintWriter err;
        private final Optional<ProgressBar> bar;
        private Duration printed = Duration.ofSeconds(-PRINT_EVERY.toSeconds());
        private ReplayProgress last;

        Progress(PrintWriter err, ReplayOptions options) {
            this.err = err;
            this.bar = options.expectedRecords().isPresent()
                    ? Optional.of(new ProgressBar(err, "rows", options.expectedRecords().getAsLong()))
                    : Optional.empty();
        }

        void report(ReplayProgress progress) {
            last = progress;
            if (progress.elapsed().minus(printed).compareTo(PRINT_EVERY) < 0) {
                return;
            }
            printed = progress.elapsed();
            show(progress);
        }

        private void show(ReplayProgress progress) {
            var detail = String.format("%,.0f records/s, %,d dead letters, %,d skipped%s%s",
                    progress.recordsPerSecond(), progress.rejected(), progress.skipped(),
                    progress.lastEventTime().map(t -> ", at " + t).orElse(""),
                    progress.eta().map(eta -> String.format(", eta %.0f s", eta.toMillis() / 1000.0)).orElse(""));
            if (bar.isPresent()) {
                bar.get().update(progress.sent() + progress.skipped(), detail);
            } else {
                err.printf("%,d sent: %s%n", progress.sent(), detail);
                err.flush();
            }
        }

        /** Shows the last progress on the bar (the summary follows, so no last line without one). */
        void finish() {
            if (bar.isPresent() && last != null) {
                show(last);
                bar.get().finish();
            }
        }
    }
}
