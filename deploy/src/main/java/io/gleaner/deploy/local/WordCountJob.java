package io.gleaner.deploy.local;

import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskGroup;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The word count of {@code examples/wordcount} as a Gleaner job (docs/agent.md "gleaner local"): the bundled text
 * split by lines into one chunk file per map, maps that count their chunk ({@code WordCountMap.java}) and reduces
 * that merge the counts of their share of the words ({@code WordCountReduce.java}), both run as Java single-file
 * source programs, their locations given as the task spec's templates (docs/jobs.md). The expected counts are
 * computed here, in the JVM, with the same tokenizer.
 */
public final class WordCountJob {

    static final String RESOURCES = "/examples/wordcount/";
    static final String TEXT = "gettysburg.txt";
    private static final List<String> FILES = List.of("WordCountMap.java", "WordCountReduce.java", TEXT,
            "LICENCE.md");
    private static final long MIB = 1L << 20;

    private final Path dir;
    private final int maps;
    private final int reduces;
    private final String text;

    private WordCountJob(Path dir, int maps, int reduces, String text) {
        this.dir = dir;
        this.maps = maps;
        this.reduces = reduces;
        this.text = text;
    }

    /**
     * Copies the programs and the text into {@code where} and writes one chunk file per map. The paths the tasks get are
     * absolute: each attempt runs in a working directory of its own, where a relative one would name nothing.
     */
    public static WordCountJob prepare(Path where, int maps, int reduces) {
        if (maps < 1 || reduces < 1) {
            throw new IllegalArgumentException("maps and reduces must be >= 1, were " + maps + ", " + reduces);
        }
        var dir = where.toAbsolutePath().normalize();
        try {
            Files.createDirectories(dir.resolve("program"));
            Files.createDirectories(dir.resolve("input"));
            for (var file : FILES) {
                try (InputStream in = WordCountJob.class.getResourceAsStream(RESOURCES + file)) {
                    if (in == null) {
                        throw new IllegalStateException("the build left out " + RESOURCES + file);
                    }
                    Files.write(dir.resolve("program").resolve(file), in.readAllBytes());
                }
            }
            var text = Files.readString(dir.resolve("program").resolve(TEXT), StandardCharsets.UTF_8);
            var lines = text.lines().toList();
            if (maps > lines.size()) {
                throw new IllegalArgumentException("at most " + lines.size() + " maps, one line each, was " + maps);
            }
            for (int i = 0; i < maps; i++) {
                var chunk = lines.subList(i * lines.size() / maps, (i + 1) * lines.size() / maps);
                Files.writeString(chunk(dir, i), String.join("\n", chunk) + "\n", StandardCharsets.UTF_8);
            }
            return new WordCountJob(dir, maps, reduces, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot lay out the word count in " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Path chunk(Path dir, int index) {
        return dir.resolve("input").resolve("chunk-" + index + ".txt");
    }

    /**
     * The job {@code jobId}: each task holding {@code cpus} cores and {@code memoryBytes}, run by {@code java} (the
     * path of a Java 17+ launcher).
     */
    public JobSubmitted job(String jobId, Instant submitTime, String java, double cpus, long memoryBytes) {
        var demand = new Resources(cpus, memoryBytes);
        var program = dir.resolve("program");
        var output = directory(dir.resolve("output")) + "{job}/";
        var mapSpec = TaskSpec.newBuilder()
                .setCommand(List.of(java, program.resolve("WordCountMap.java").toString()))
                .setInputLocation(directory(dir.resolve("input")) + "chunk-{task}.txt")
                .setOutputLocation(output + "map-{task}-{attempt}.tsv").build();
        var reduceSpec = TaskSpec.newBuilder()
                .setCommand(List.of(java, program.resolve("WordCountReduce.java").toString()))
                .setEnv(Map.of("REDUCES", Integer.toString(reduces)))
                .setOutputLocation(output + "part-{task}.tsv").build();
        long chunkBytes = Math.max(1, text.getBytes(StandardCharsets.UTF_8).length / maps);
        var groups = List.of(
                TaskGroup.newBuilder().setKind(TaskKind.MAP).setCount(maps).setBytesPerTask(chunkBytes)
                        .setLastTaskBytes(chunkBytes).setFlopPerByte(3100).setDemand(demand).setSpec(mapSpec).build(),
                TaskGroup.newBuilder().setKind(TaskKind.REDUCE).setCount(reduces).setBytesPerTask(MIB)
                        .setLastTaskBytes(MIB).setFlopPerByte(6300).setDemand(demand).setSpec(reduceSpec).build());
        return JobSubmitted.newBuilder().setJobId(jobId).setJobName("wordcount").setSubmitTime(submitTime)
                .setInputBytes(chunkBytes * maps).setShuffleBytes(MIB * reduces).setOutputBytes(0)
                .setTasks(groups).build();
    }

    /** A directory's file: URI with its trailing slash, which {@link Path#toUri} gives only when it exists. */
    private static String directory(Path path) {
        var uri = path.toAbsolutePath().toUri().toString();
        return uri.endsWith("/") ? uri : uri + "/";
    }

    /** The counts computed here: runs of letters, lower-cased, as the map counts them. */
    public Map<String, Long> expected() {
        Map<String, Long> counts = new TreeMap<>();
        for (var word : text.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            if (!word.isEmpty()) {
                counts.merge(word, 1L, Long::sum);
            }
        }
        return counts;
    }

    /** The counts the reduces of {@code jobId} wrote, merged; a part that is missing counts as nothing. */
    public Map<String, Long> result(String jobId) {
        Map<String, Long> counts = new TreeMap<>();
        for (int r = 0; r < reduces; r++) {
            var part = dir.resolve("output").resolve(jobId).resolve("part-" + r + ".tsv");
            if (!Files.exists(part)) {
                continue;
            }
            try {
                for (var line : Files.readAllLines(part, StandardCharsets.UTF_8)) {
                    var fields = line.split("\t");
                    counts.merge(fields[0], Long.parseLong(fields[1]), Long::sum);
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + part + ": " + e.getMessage(), e);
            }
        }
        return counts;
    }

    /** The {@code n} most frequent words, ties by word, as "word count" pairs. */
    public static List<String> top(Map<String, Long> counts, int n) {
        var entries = new ArrayList<>(counts.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        return entries.stream().limit(n).map(e -> e.getKey() + " " + e.getValue()).toList();
    }
}
