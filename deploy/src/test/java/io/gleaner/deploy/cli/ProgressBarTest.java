package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ProgressBarTest {

    private final StringWriter written = new StringWriter();

    private ProgressBar bar(long total, boolean interactive) {
        return new ProgressBar(new PrintWriter(written), "jobs", total, interactive);
    }

    @Test
    void shouldPrintOneLinePerTenthWhenNotInteractive() {
        var bar = bar(100, false);

        for (int done = 0; done <= 100; done++) {
            bar.update(done, "detail " + done);
        }
        bar.finish();

        // 0/100 starts tenth 0, then each of 10, 20, ..., 100 starts a new one: 11 lines, none redrawn in place.
        var lines = written.toString().lines().toList();
        assertThat(written.toString()).doesNotContain("\r");
        assertThat(lines).hasSize(11);
        for (int tenth = 0; tenth <= 10; tenth++) {
            assertThat(lines.get(tenth)).contains(tenth * 10 + "% " + tenth * 10 + "/100 jobs  detail " + tenth * 10);
        }
        assertThat(lines.get(0)).startsWith("[" + " ".repeat(30) + "]");
        assertThat(lines.get(10)).startsWith("[" + "#".repeat(30) + "]");
    }

    @Test
    void shouldSkipUpdatesWithinTheSameTenthWhenNotInteractive() {
        var bar = bar(1000, false);

        bar.update(100, "a");
        bar.update(150, "b");
        bar.update(199, "c");
        bar.update(200, "d");

        assertThat(written.toString().lines()).hasSize(2)
                .satisfiesExactly(first -> assertThat(first).contains("100/1000 jobs  a"),
                        second -> assertThat(second).contains("200/1000 jobs  d"));
    }

    @Test
    void shouldRedrawOneLineWithACarriageReturnWhenInteractive() {
        var bar = bar(10, true);

        bar.update(1, "a long detail");
        bar.update(1, "a long detail");
        bar.update(2, "x");

        var text = written.toString();
        assertThat(text).doesNotContain("\n").startsWith("\r");
        var draws = Arrays.stream(text.split("\r")).filter(s -> !s.isEmpty()).toList();
        assertThat(draws).as("an unchanged line is not drawn again").hasSize(2);
        assertThat(draws.get(0)).contains("10% 1/10 jobs  a long detail");
        assertThat(draws.get(1)).contains("20% 2/10 jobs  x");
        // The shorter line is padded with blanks so that nothing of the longer one stays on screen.
        assertThat(draws.get(1)).hasSameSizeAs(draws.get(0)).endsWith(" ".repeat("a long detail".length() - 1));

        bar.finish();
        assertThat(written.toString()).endsWith(System.lineSeparator());
    }

    @Test
    void shouldShowAnEmptyTotalAsDone() {
        bar(0, false).update(0, "nothing to do");

        assertThat(written.toString()).contains("100% 0/0 jobs");
    }

    @Test
    void shouldCapTheBarAtFullWhenMoreThanTheTotalIsDone() {
        bar(4, false).update(6, "over");

        assertThat(written.toString()).startsWith("[" + "#".repeat(30) + "]").contains("100% 6/4 jobs");
    }

    @Test
    void shouldRefuseANegativeTotal() {
        assertThatThrownBy(() -> bar(-1, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("total must be >= 0, was -1");
    }
}
