package io.gleaner.ingest.replay;

import static io.gleaner.ingest.swim.SwimFixtures.row;
import static io.gleaner.ingest.swim.SwimFixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.JobSubmitted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceSequenceTest {

    @TempDir
    Path dir;

    private List<String> parts() throws IOException {
        Files.writeString(dir.resolve("part-00001.tsv"), trace(row("job2", 20, 10, 1, 1, 1), "bad", row("job3", 30, 10, 1, 1, 1)));
        Files.writeString(dir.resolve("part-00000.tsv"), trace(row("job0", 1, 1, 1, 1, 1), "", row("job1", 10, 9, 1, 1, 1)));
        Files.writeString(dir.resolve(".part-00002.tsv.crc"), "not a part");
        return TraceSequence.files(dir);
    }

    private TraceSequence<JobSubmitted> sequence(long limit) throws IOException {
        return new TraceSequence<>(dir.getFileName().toString(), parts(),
                location -> SwimTraceReader.open(location, SwimJobRule.defaults(), LineTraceReader.NO_LIMIT), limit);
    }

    @Test
    void shouldListTheVisibleFilesOfADirectoryInNameOrder() throws IOException {
        assertThat(parts()).containsExactly(dir.resolve("part-00000.tsv").toString(), dir.resolve("part-00001.tsv").toString());
    }

    @Test
    void shouldReadTheFilesOneAfterAnotherWithEachRejectionNamingItsFile() throws IOException {
        var rows = new ArrayList<TraceRow<JobSubmitted>>();
        try (var sequence = sequence(Long.MAX_VALUE)) {
            sequence.forEachRemaining(rows::add);
            assertThat(sequence.linesRead()).isEqualTo(6);
            assertThat(sequence.blankLines()).isEqualTo(1);
            assertThat(sequence.sourceName()).isEqualTo(dir.getFileName().toString());
        }
        assertThat(rows).filteredOn(TraceRow.Parsed.class::isInstance)
                .extracting(r -> ((TraceRow.Parsed<JobSubmitted>) r).key()).containsExactly("job0", "job1", "job2", "job3");
        assertThat(rows).filteredOn(TraceRow.Rejected.class::isInstance).singleElement().satisfies(r -> {
            var deadLetter = ((TraceRow.Rejected<JobSubmitted>) r).deadLetter();
            assertThat(deadLetter.getSourceTopic()).isEqualTo("part-00001.tsv");
            assertThat(deadLetter.getOffset()).isEqualTo(2);
        });
    }

    @Test
    void shouldStopAfterTheLimitOverAllFiles() throws IOException {
        var keys = new ArrayList<String>();
        try (var sequence = sequence(3)) {
            sequence.forEachRemaining(r -> {
                if (r instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                    keys.add(parsed.key());
                }
            });
        }
        assertThat(keys).containsExactly("job0", "job1", "job2");
    }

    @Test
    void shouldReadOneLocationUnderItsReadersNameUpToTheLimit() throws IOException {
        var file = Files.writeString(dir.resolve("one.tsv"), trace(row("job0", 1, 1, 1, 1, 1), row("job1", 2, 1, 1, 1, 1)));
        var keys = new ArrayList<String>();
        try (var one = TraceSequence.of(file.toString(),
                location -> SwimTraceReader.open(location, SwimJobRule.defaults(), LineTraceReader.NO_LIMIT), 1)) {
            assertThat(one.sourceName()).isEqualTo("one.tsv");
            one.forEachRemaining(r -> keys.add(((TraceRow.Parsed<JobSubmitted>) r).key()));
        }
        assertThat(keys).containsExactly("job0");
    }
}
