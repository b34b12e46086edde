package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that cannot be replayed, refused with a message that says what is wrong with which file, before a broker
 * starts (no broker is given: one would start in the data directory, which stays absent).
 */
class TraceCheckTest {

    @TempDir
    Path dir;

    private Execution replay(String... args) {
        return execute(Stream.concat(Stream.of("replay", "--data-dir", dataDir().toString(), "--speed", "max"),
                Stream.of(args)).toArray(String[]::new));
    }

    private Path dataDir() {
        return dir.resolve("data");
    }

    @Test
    void shouldSayThatATraceFileIsMissingAndWhichOption() {
        var missing = dir.resolve("no-such.tsv");

        var run = replay("--trace", missing.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--trace: no such file or directory: " + missing);
        assertThat(dataDir()).doesNotExist();
    }

    @Test
    void shouldRefuseABinaryFileBeforeSendingAnything() throws IOException {
        var bytes = new byte[40_000];
        new Random(7).nextBytes(bytes);
        bytes[1_000] = 0;
        var binary = Files.write(dir.resolve("trace.tsv"), bytes);

        var run = replay("--trace", binary.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("gleaner replay: --trace: " + binary + " is not a text file: byte ")
                .contains(" is NUL");
        assertThat(dataDir()).doesNotExist();
    }

    @Test
    void shouldRefuseATextFileNoneOfWhoseFirstRowsParsesNamingTheFirstBadLine() throws IOException {
        var csv = Files.writeString(dir.resolve("jobs.tsv"), "not,a,swim,row\nnor,is,this\n");

        var run = replay("--trace", csv.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("--trace: none of the 2 rows of jobs.tsv parses as --format swim, so nothing "
                + "would be sent (the first, line 1: ");
        assertThat(dataDir()).doesNotExist();
    }

    @Test
    void shouldRefuseADirectoryWithAFileThatIsNotWhatItsNameClaimsBeforeSendingItsGoodFiles() throws IOException {
        var parts = Files.createDirectory(dir.resolve("task_events"));
        Files.writeString(parts.resolve("part-00000-of-00002.csv"), "600000000,,1,0,,0,user-a,2,9,0.0625,0.03,0.0001,0\n");
        var bad = Files.writeString(parts.resolve("part-00001-of-00002.csv.gz"), "plain text, not gzip\n");

        var run = replay("--format", "google-task-events", "--trace", parts.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("--trace: cannot read " + bad + ": part-00001-of-00002.csv.gz is named .gz but "
                + "does not start with the gzip magic bytes 1f 8b");
        assertThat(dataDir()).doesNotExist();
    }

    @Test
    void shouldRefuseAnEmptyDirectory() throws IOException {
        var empty = Files.createDirectory(dir.resolve("empty"));

        var run = replay("--format", "google-task-events", "--trace", empty.toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("--trace " + empty + ": the directory has no trace files");
        assertThat(dataDir()).doesNotExist();
    }

    @Test
    void shouldRefuseADemoClusterFileThatDoesNotExistBeforeStartingTheBroker() {
        var missing = dir.resolve("no-such.yaml");

        var run = execute("demo", "--data-dir", dataDir().toString(), "--cluster", missing.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--cluster: '" + missing + "' is neither a cluster preset");
        assertThat(run.out()).doesNotContain("bootstrap.servers=");
        assertThat(dataDir().resolve("demo")).doesNotExist();
    }

    @Test
    void shouldRefuseADemoClusterFileThatDoesNotParseBeforeStartingTheBroker() throws IOException {
        var broken = Files.writeString(dir.resolve("cluster.yaml"), "nodes: [unclosed\n", StandardCharsets.UTF_8);

        var run = execute("demo", "--data-dir", dataDir().toString(), "--cluster", broken.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--cluster: bad cluster preset " + broken);
        assertThat(dataDir().resolve("demo")).doesNotExist();
    }

    @Test
    void shouldRefuseAMissingDemoTraceBeforeStartingTheBroker() {
        var missing = dir.resolve("no-such.tsv");

        var run = execute("demo", "--data-dir", dataDir().toString(), "--trace", missing.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--trace: no such file: " + missing);
        assertThat(dataDir().resolve("demo")).doesNotExist();
    }

    @Test
    void shouldSayWhatIsWrongWithAFileTheJvmCouldNotFind() {
        var missing = new UncheckedIOException(new NoSuchFileException("/data/trace.tsv"));

        assertThat(GleanerCommand.describe(missing)).isEqualTo("no such file: /data/trace.tsv");
    }
}
