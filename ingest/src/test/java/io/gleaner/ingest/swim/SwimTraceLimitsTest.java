package io.gleaner.ingest.swim;

import static io.gleaner.ingest.swim.SwimFixtures.row;
import static io.gleaner.ingest.swim.SwimFixtures.rows;
import static io.gleaner.ingest.swim.SwimFixtures.trace;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.InputLimits;
import io.gleaner.schemas.avro.JobSubmitted;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A SWIM row becomes a job only within {@code jobs.submitted}'s limits ({@link InputLimits}); past one, the row is
 * rejected with a reason naming what, and the reader goes on with the next row.
 */
class SwimTraceLimitsTest {

    private static final long CHUNK = 128L << 20;
    private static final int MOST_MAPS = InputLimits.DEFAULTS.maxTasksPerGroup();
    private static final long MOST_TASK_BYTES = InputLimits.DEFAULTS.maxTaskBytes();

    /** A row and the start of the reason it is rejected with (null: parsed). */
    record Case(String line, String rejectedWith) {
    }

    static Stream<Arguments> rowsAtTheLimits() {
        return Stream.of(
                Arguments.of(Named.of("accepts input of exactly the most maps",
                        new Case(row("j", 1, 1, MOST_MAPS * CHUNK, 0, 1), null))),
                Arguments.of(Named.of("refuses input one byte past the most maps",
                        new Case(row("j", 1, 1, MOST_MAPS * CHUNK + 1, 0, 1),
                                "map input bytes 13421772800001 needs 100001 maps of 134217728 bytes, more than the "
                                        + "100000 tasks a group may have"))),
                // 10^17 / 2^27 = 745,058,059.6: the row of the issue, some 745 million maps
                Arguments.of(Named.of("refuses 10^17 input bytes",
                        new Case(row("j", 1, 1, 100_000_000_000_000_000L, 0, 1),
                                "map input bytes 100000000000000000 needs 745058060 maps"))),
                // 1000 reduces (the rule's cap) of the shuffle: each reads shuffle / 1000
                Arguments.of(Named.of("accepts reduces reading the most bytes a task may read",
                        new Case(row("j", 1, 1, 1, 1000 * MOST_TASK_BYTES, 1), null))),
                Arguments.of(Named.of("refuses reduces reading a byte more than a task may",
                        new Case(row("j", 1, 1, 1, 1000 * MOST_TASK_BYTES + 1000, 1),
                                "tasks[1].bytesPerTask must be in 0..1099511627776, was 1099511627777 (job j)"))),
                Arguments.of(Named.of("refuses output bytes past the most a job may write",
                        new Case(row("j", 1, 1, 1, 0, InputLimits.DEFAULTS.maxJobBytes() + 1),
                                "outputBytes must be in 0..1152921504606846976"))),
                // the dataset is named job id + "/input", also an id
                Arguments.of(Named.of("accepts the longest job name whose dataset name is an id",
                        new Case(row("x".repeat(InputLimits.DEFAULTS.maxIdChars() - 6), 1, 1, 1, 0, 1), null))),
                Arguments.of(Named.of("refuses a job name whose dataset name is one character longer than an id",
                        new Case(row("x".repeat(InputLimits.DEFAULTS.maxIdChars() - 5), 1, 1, 1, 0, 1),
                                "tasks[0].dataset must be at most 1024 characters, was 1025 characters"))),
                // the job id is the job name (without a prefix): ids are the shorter limit
                Arguments.of(Named.of("refuses a job name one character longer than an id",
                        new Case(row("x".repeat(InputLimits.DEFAULTS.maxIdChars() + 1), 1, 1, 1, 0, 1),
                                "jobId must be at most 1024 characters, was 1025 characters"))));
    }

    @ParameterizedTest
    @MethodSource("rowsAtTheLimits")
    void shouldRejectARowPastTheLimitsAndReadOn(Case limit) {
        var rows = rows(trace(limit.line(), row("next", 2, 1, 1, 0, 1)));

        assertThat(rows).hasSize(2);
        if (limit.rejectedWith() == null) {
            assertThat(rows.get(0)).isInstanceOf(TraceRow.Parsed.class);
        } else {
            assertThat(rows.get(0)).isInstanceOfSatisfying(TraceRow.Rejected.class, rejected -> {
                assertThat(rejected.reason()).startsWith(limit.rejectedWith());
                assertThat(rejected.line()).isEqualTo(1);
            });
        }
        assertThat(rows.get(1)).isInstanceOfSatisfying(TraceRow.Parsed.class,
                parsed -> assertThat(((JobSubmitted) parsed.value()).getJobId()).isEqualTo("next"));
    }
}
