package io.gleaner.deploy.cli;

import io.gleaner.ingest.alibaba.AlibabaBatchInstanceReader;
import io.gleaner.ingest.alibaba.AlibabaBatchTaskReader;
import io.gleaner.ingest.alibaba.AlibabaJobRule;
import io.gleaner.ingest.alibaba.AlibabaMachineMetaReader;
import io.gleaner.ingest.alibaba.AlibabaMachineRule;
import io.gleaner.ingest.alibaba.AlibabaMachineUsageReader;
import io.gleaner.ingest.bitbrains.BitbrainsDirectoryReader;
import io.gleaner.ingest.google.GoogleMachineCapacities;
import io.gleaner.ingest.google.GoogleMachineEventReader;
import io.gleaner.ingest.google.GoogleTaskEventReader;
import io.gleaner.ingest.google.GoogleTaskUsageReader;
import io.gleaner.ingest.google.GoogleTraceRule;
import io.gleaner.ingest.mapping.MappedTraceReader;
import io.gleaner.ingest.mapping.Mapping;
import io.gleaner.ingest.replay.TraceSequence;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceInput;
import io.gleaner.ingest.trace.TraceReader;
import io.gleaner.ingest.validation.SampleValidator;
import io.gleaner.schemas.Topic;
import io.gleaner.schemas.Topics;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.NodeHeartbeat;
import io.gleaner.schemas.avro.TaskReport;
import io.gleaner.schemas.avro.UtilizationSample;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;

/**
 * The trace formats {@code gleaner replay} reads, as a table: each names its reader, the canonical topic
 * each of its record types goes to (keyed as its reader keys it: node id or job id), whether its records
 * are utilization samples (which pass the sample validator), the bundled trace it replays without
 * {@code --trace}, and whether its reader takes a directory itself.
 *
 * @param name the {@code --format} value
 * @param reads what the trace is, for the help
 * @param routes where each record type goes, in the order they are listed
 * @param samples whether the records are utilization samples, validated on the way
 * @param bundled the trace replayed when no {@code --trace} is given, if the format has one
 * @param readsDirectory whether the reader opens a directory itself (otherwise a directory's files are read
 *     one after another in name order)
 * @param reader opens one location
 */
record ReplayFormat(String name, String reads, List<Route> routes, boolean samples, Optional<String> bundled,
        boolean readsDirectory, Reader reader) {

    /** One record type and its topic. */
    record Route(Class<? extends SpecificRecord> type, Function<Topics, Topic<String, ?>> topic, String key) {
    }

    /** What a reader may need besides its location. */
    record Settings(String nodeIdPrefix, String jobIdPrefix, Optional<Mapping> mapping,
            Optional<String> machineEvents, SampleValidator validator) {
        Settings {
            Objects.requireNonNull(nodeIdPrefix, "nodeIdPrefix");
            Objects.requireNonNull(jobIdPrefix, "jobIdPrefix");
            Objects.requireNonNull(mapping, "mapping");
            Objects.requireNonNull(machineEvents, "machineEvents");
            Objects.requireNonNull(validator, "validator");
        }

        SwimJobRule swim() {
            return SwimJobRule.defaults().withJobIdPrefix(jobIdPrefix);
        }

        AlibabaMachineRule alibabaMachines() {
            return AlibabaMachineRule.defaults().withNodeIdPrefix(nodeIdPrefix);
        }

        AlibabaJobRule alibabaJobs() {
            return AlibabaJobRule.defaults().withJobIdPrefix(jobIdPrefix).withNodeIdPrefix(nodeIdPrefix);
        }

        GoogleTraceRule google() {
            return GoogleTraceRule.defaults().withPrefixes(jobIdPrefix, nodeIdPrefix);
        }
    }

    /** Opens one location of a format as a reader; readers apply no limit (the replay command does). */
    @FunctionalInterface
    interface Reader {
        TraceReader<? extends SpecificRecord> open(String location, Settings settings) throws IOException;
    }

    private static final long ALL = LineTraceReader.NO_LIMIT;

    private static final Route JOBS = new Route(JobSubmitted.class, Topics::jobsSubmitted, "job id");
    private static final Route HEARTBEATS = new Route(NodeHeartbeat.class, Topics::nodesHeartbeats, "node id");
    private static final Route UTILIZATION = new Route(UtilizationSample.class, Topics::nodesUtilization, "node id");
    private static final Route REPORTS = new Route(TaskReport.class, Topics::tasksReports, "job id");

    /** Every format, in the order the help lists them. */
    static final List<ReplayFormat> FORMATS = List.of(
            new ReplayFormat("swim", "SWIM jobs (FB-2009, FB-2010, ...), tab-separated", List.of(JOBS), false,
                    Optional.of(SwimTraceReader.FB_2009), false,
                    (location, s) -> SwimTraceReader.open(location, s.swim(), ALL)),
            new ReplayFormat("bitbrains", "Bitbrains VM files: a directory of <vm>.csv[.gz]",
                    List.of(UTILIZATION), true, Optional.of(BitbrainsDirectoryReader.EXCERPT), true,
                    (location, s) -> BitbrainsDirectoryReader.open(location, s.nodeIdPrefix())),
            new ReplayFormat("alibaba-machine-usage", "Alibaba 2018 machine_usage", List.of(UTILIZATION),
                    true, Optional.empty(), false,
                    (location, s) -> AlibabaMachineUsageReader.open(location, s.alibabaMachines())),
            new ReplayFormat("alibaba-machine-meta", "Alibaba 2018 machine_meta", List.of(HEARTBEATS),
                    false, Optional.empty(), false,
                    (location, s) -> AlibabaMachineMetaReader.open(location, s.alibabaMachines())),
            new ReplayFormat("alibaba-batch-task", "Alibaba 2018 batch_task", List.of(JOBS), false,
                    Optional.empty(), false,
                    (location, s) -> AlibabaBatchTaskReader.open(location, s.alibabaJobs(), ALL)),
            new ReplayFormat("alibaba-batch-instance", "Alibaba 2018 batch_instance", List.of(REPORTS),
                    false, Optional.empty(), false,
                    (location, s) -> AlibabaBatchInstanceReader.open(location, s.alibabaJobs(), ALL)),
            new ReplayFormat("google-machine-events", "Google 2011 machine_events", List.of(HEARTBEATS),
                    false, Optional.empty(), false,
                    (location, s) -> GoogleMachineEventReader.open(location, s.google(), ALL)),
            new ReplayFormat("google-task-events", "Google 2011 task_events: submits, task starts and ends", List.of(JOBS, REPORTS), false, Optional.empty(), false,
                    (location, s) -> GoogleTaskEventReader.open(location, s.google(), ALL)),
            new ReplayFormat("google-task-usage", "Google 2011 task_usage, per machine and 5 minutes", List.of(UTILIZATION), true,
                    Optional.empty(), true, ReplayFormat::googleTaskUsage),
            new ReplayFormat("mapped", "CSV or JSON lines under --mapping", List.of(UTILIZATION),
                    true, Optional.empty(), false,
                    (location, s) -> MappedTraceReader.open(location, s.mapping().orElseThrow(), ALL)
                            .countingUnknownUnitsIn(s.validator())));

    /** The format called {@code name}. */
    static ReplayFormat named(String name) {
        return FORMATS.stream().filter(f -> f.name.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown format '" + name + "'; expected one of "
                        + names()));
    }

    /** The formats' names, comma-separated. */
    static String names() {
        return FORMATS.stream().map(ReplayFormat::name).collect(Collectors.joining(", "));
    }

    /**
     * Checks {@code --mapping} and {@code --machine-events} against this format and loads the mapping, which only
     * {@code mapped} takes and needs.
     *
     * @throws IllegalArgumentException naming the option, when one is given to the wrong format, the mapping is
     *     missing, or it is neither a preset nor a readable, valid mapping file
     */
    Optional<Mapping> mappingOf(String mapping, String machineEvents) {
        if (mapping != null && !name.equals("mapped")) {
            throw new IllegalArgumentException("--mapping is for --format mapped, not " + name);
        }
        if (machineEvents != null && !name.equals("google-task-usage")) {
            throw new IllegalArgumentException("--machine-events is for --format google-task-usage, not " + name);
        }
        if (!name.equals("mapped")) {
            return Optional.empty();
        }
        if (mapping == null) {
            throw new IllegalArgumentException("--format mapped needs --mapping FILE or a preset ("
                    + String.join(", ", Mapping.PRESETS) + ")");
        }
        if (!Mapping.PRESETS.contains(mapping) && !Files.isRegularFile(Path.of(mapping))) {
            throw new IllegalArgumentException("--mapping '" + mapping + "' is neither a file nor a preset ("
                    + String.join(", ", Mapping.PRESETS) + ")");
        }
        try {
            return Optional.of(Mapping.PRESETS.contains(mapping) ? Mapping.preset(mapping)
                    : Mapping.load(Path.of(mapping)));
        } catch (IOException e) {
            throw new IllegalArgumentException("--mapping " + mapping + " cannot be read: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("--mapping " + mapping + ": " + e.getMessage(), e);
        }
    }

    /**
     * The trace as one reader, read to at most {@code most} parsed rows: a directory's files one after another in
     * name order, unless the format reads directories itself.
     */
    @SuppressWarnings("unchecked")
    <T extends SpecificRecord> TraceReader<T> open(String trace, Settings settings, long most) throws IOException {
        TraceSequence.Opener<T> opener = location -> (TraceReader<T>) reader.open(location, settings);
        var path = trace.startsWith("classpath:") ? null : Path.of(trace);
        if (path != null && Files.isDirectory(path) && !readsDirectory) {
            var directory = path.getFileName() == null ? path.toString() : path.getFileName().toString();
            return new TraceSequence<>(directory, TraceSequence.files(path), opener, most);
        }
        return TraceSequence.of(trace, opener, most);
    }

    /**
     * The files a replay of {@code location} reads: the file itself, or the directory's files (for bitbrains, its
     * {@code .csv} and {@code .csv.gz} files), in name order.
     *
     * @throws IOException if the directory cannot be listed
     */
    List<Path> files(Path location) throws IOException {
        if (!Files.isDirectory(location)) {
            return List.of(location);
        }
        return TraceSequence.files(location).stream().map(Path::of)
                .filter(file -> !name.equals("bitbrains")
                        || BitbrainsDirectoryReader.isTraceFile(file.getFileName().toString()))
                .toList();
    }

    /** The help's lines for this format: its name and what it reads, then where its records go. */
    List<String> help() {
        var topics = Topics.withPrefix("");
        var destinations = routes.stream().map(r -> r.topic().apply(topics).name()).collect(Collectors.joining(", "))
                + " by " + routes.get(0).key();
        return List.of(String.format("%-22s %s", name, reads),
                String.format("%-22s -> %s%s%s", "", destinations, samples ? ", validated" : "",
                        bundled.isPresent() ? ", bundled" : ""));
    }

    /**
     * A task_usage location: a file, or a directory whose files (the table's parts, in name order) are read as
     * one stream, so the 5-minute windows of a machine span the parts. Plain parts must end with a line end;
     * gzip parts are read as one multi-member gzip stream. Line numbers in dead letters then count from the
     * first part.
     */
    private static TraceReader<UtilizationSample> googleTaskUsage(String location, Settings s) throws IOException {
        var rule = s.google();
        var capacities = s.machineEvents().isPresent()
                ? GoogleMachineCapacities.read(GoogleMachineEventReader.open(s.machineEvents().get(), rule, ALL))
                : GoogleMachineCapacities.largestEverywhere(rule);
        var path = Path.of(location);
        var input = Files.isDirectory(path)
                ? TraceInput.of(path.getFileName().toString(), concatenated(path))
                : TraceInput.open(location);
        return new GoogleTaskUsageReader(input, rule, capacities, GoogleTaskUsageReader.DEFAULT_WINDOW,
                GoogleTaskUsageReader.DEFAULT_LATENESS, ALL);
    }

    /** The files of a directory, in name order, as one stream that opens each file when it gets to it. */
    private static InputStream concatenated(Path directory) throws IOException {
        var files = TraceSequence.files(directory);
        if (files.isEmpty()) {
            throw new IOException("directory " + directory + " has no files");
        }
        Iterator<String> next = files.iterator();
        return new SequenceInputStream(new Enumeration<InputStream>() {
            @Override
            public boolean hasMoreElements() {
                return next.hasNext();
            }

            @Override
            public InputStream nextElement() {
                if (!next.hasNext()) {
                    throw new NoSuchElementException();
                }
                var file = next.next();
                try {
                    return Files.newInputStream(Path.of(file));
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot open " + file + ": " + e.getMessage(), e);
                }
            }
        });
    }
}
