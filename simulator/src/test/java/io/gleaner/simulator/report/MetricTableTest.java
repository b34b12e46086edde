package io.gleaner.simulator.report;

import static io.gleaner.simulator.core.SimulatorFixtures.workload;
import static io.gleaner.simulator.report.ReportFixtures.COSHH;
import static io.gleaner.simulator.report.ReportFixtures.ONE_NODE;
import static io.gleaner.simulator.report.ReportFixtures.THREE_NODES;
import static io.gleaner.simulator.report.ReportFixtures.run;
import static io.gleaner.simulator.report.ReportFixtures.twoSeedsOfFifo;
import static io.gleaner.simulator.report.ReportFixtures.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.simulator.core.MetricValue;
import io.gleaner.simulator.evaluate.PolicyRun;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The metric table over real runs: means over seeds, ratios to the baseline, n/a, and its text. */
class MetricTableTest {

    @Test
    void shouldListTheMetricsInTheOrderTheRunsReportThem() {
        var runs = twoSeedsOfFifo();

        var table = MetricTable.of(runs);

        assertThat(table.metrics()).extracting(MetricTable.Metric::key)
                .containsExactlyElementsOf(runs.get(0).report().metrics().stream().map(MetricValue::key).toList());
        assertThat(table.policies()).containsExactly("fifo");
        assertThat(table.baseline()).isEqualTo("fifo");
    }

    @Test
    void shouldTakeTheMeanAndRangeOfEachMetricOverTheSeeds() {
        var runs = twoSeedsOfFifo();

        var table = MetricTable.of(runs);

        for (var metric : table.metrics()) {
            double first = value(runs.get(0).report(), metric.key());
            double second = value(runs.get(1).report(), metric.key());
            var summary = table.cell("fifo", metric.key()).absolute();
            assertThat(summary.seeds()).as(metric.key()).isEqualTo(2);
            if (Double.isNaN(first) && Double.isNaN(second)) {
                // Nothing to measure in either run (no deadlines here): undefined, not zero.
                assertThat(summary.defined()).as(metric.key()).isZero();
                assertThat(summary.mean()).as(metric.key()).isNaN();
                continue;
            }
            assertThat(summary.defined()).as(metric.key()).isEqualTo(2);
            assertThat(summary.mean()).as(metric.key()).isEqualTo((first + second) / 2);
            assertThat(summary.min()).as(metric.key()).isEqualTo(Math.min(first, second));
            assertThat(summary.max()).as(metric.key()).isEqualTo(Math.max(first, second));
            // The baseline over itself: 1 wherever its mean is a number other than 0.
            if (summary.mean() != 0) {
                assertThat(table.cell("fifo", metric.key()).ratio()).as(metric.key()).isEqualTo(1.0);
            }
        }
    }

    @Test
    void shouldDivideEachPolicysMeanByTheBaselines() {
        // Two workloads stand in for two policies: 6 jobs as the baseline, 12 jobs as the other.
        var small = run("small", workload(6), THREE_NODES, 0);
        var large = run("large", workload(12), THREE_NODES, 0);

        var table = MetricTable.of(List.of(small, large));

        assertThat(table.baseline()).isEqualTo("small");
        // Every job of both workloads completes under FIFO, so 12 / 6.
        assertThat(table.cell("large", "jobs_completed").ratio()).isEqualTo(2.0);
        for (var metric : table.metrics()) {
            double base = value(small.report(), metric.key());
            double other = value(large.report(), metric.key());
            if (base != 0 && !Double.isNaN(base) && !Double.isNaN(other)) {
                assertThat(table.cell("large", metric.key()).ratio()).as(metric.key()).isEqualTo(other / base);
            }
        }
    }

    @Test
    void shouldGiveNoRatioWhenTheBaselineIsZero() {
        var alone = run("one-node", workload(12), ONE_NODE, 0);
        var spread = run("six-nodes", workload(12), COSHH, 0);
        // Given: on one node every replica is local; on six, with three replicas a chunk, some map reads remotely.
        assertThat(value(alone.report(), "remote_map_pct")).isZero();
        assertThat(value(spread.report(), "remote_map_pct")).isPositive();

        var table = MetricTable.of(List.of(alone, spread));

        assertThat(table.cell("six-nodes", "remote_map_pct").ratio()).isNaN();
        assertThat(line(table.text(), "remote map attempts")).endsWith("n/a");
    }

    @Test
    void shouldGiveNoRatioAndPrintNaWhenTheBaselineMeasuredNothing() {
        // A run without jobs completes none: its completion times and remote share are NaN.
        var empty = run("empty", List.of(), THREE_NODES, 0);
        var busy = run("busy", workload(6), THREE_NODES, 0);

        var table = MetricTable.of(List.of(empty, busy));

        assertThat(table.cell("empty", "completion_mean_s").absolute().mean()).isNaN();
        assertThat(table.cell("busy", "completion_mean_s").absolute().mean()).isPositive();
        assertThat(table.cell("busy", "completion_mean_s").ratio()).isNaN();
        // metric, unit, better, empty's mean, busy's mean, busy/empty: n/a, a number, n/a.
        assertThat(line(table.text(), "mean job completion").split("\\s{2,}"))
                .satisfies(cells -> assertThat(cells[3]).isEqualTo("n/a"))
                .satisfies(cells -> assertThat(cells[4]).matches("[0-9.]+"))
                .satisfies(cells -> assertThat(cells[5]).isEqualTo("n/a"));
    }

    @Test
    void shouldAverageOnlyTheSeedsThatDefineAMetricAndMarkIt() {
        var runs = List.of(run("mixed", List.of(), THREE_NODES, 0), run("mixed", workload(6), THREE_NODES, 1));

        var table = MetricTable.of(runs);

        var summary = table.cell("mixed", "completion_mean_s").absolute();
        assertThat(summary.defined()).isEqualTo(1);
        assertThat(summary.mean()).isEqualTo(value(runs.get(1).report(), "completion_mean_s"));
        assertThat(line(table.text(), "mean job completion")).endsWith("*");
        assertThat(table.text()).contains("* n/a on some seeds");
    }

    static Stream<Arguments> ratios() {
        return Stream.of(
                Arguments.of(Named.of("3 over 2", 3.0), 2.0, 1.5),
                Arguments.of(Named.of("0 over 2", 0.0), 2.0, 0.0),
                Arguments.of(Named.of("over a baseline of 0", 1.0), 0.0, Double.NaN),
                Arguments.of(Named.of("0 over 0", 0.0), 0.0, Double.NaN),
                Arguments.of(Named.of("over a NaN baseline", 1.0), Double.NaN, Double.NaN),
                Arguments.of(Named.of("NaN over 1", Double.NaN), 1.0, Double.NaN));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ratios")
    void shouldDivideOrGiveNaN(double value, double baseline, double expected) {
        assertThat(MetricTable.ratio(value, baseline)).isEqualTo(Double.valueOf(expected));
    }

    @Test
    void shouldPrintOneLinePerMetricWithAColumnPerPolicyAndARatioColumnPerOtherPolicy() {
        var table = MetricTable.of(List.of(run("a", workload(6), THREE_NODES, 0),
                run("b", workload(9), THREE_NODES, 0)));

        var lines = table.text().lines().toList();

        assertThat(lines.get(0).split("\\s+")).containsExactly("metric", "unit", "better", "a", "b", "b/a");
        for (int i = 0; i < table.metrics().size(); i++) {
            var metric = table.metrics().get(i);
            assertThat(lines.get(i + 1)).startsWith(metric.label())
                    .endsWith(Figures.ratio(table.cell("b", metric.key()).ratio()));
        }
        // Fixed width: every row of the table as long as its header, up to trailing blanks.
        assertThat(lines.subList(0, table.metrics().size() + 1)).extracting(String::length)
                .allSatisfy(length -> assertThat(length).isEqualTo(lines.get(0).length()));
    }

    @Test
    void shouldShowTheRangeWhenAPolicyRanOnSeveralSeeds() {
        var table = MetricTable.of(twoSeedsOfFifo());

        var summary = table.cell("fifo", "makespan_s").absolute();
        assertThat(line(table.text(), "makespan")).contains(
                "[" + Figures.brief(summary.min()) + ".." + Figures.brief(summary.max()) + "]");
        assertThat(table.text()).contains("values: mean over seeds [min..max]");
    }

    @Test
    void shouldRefuseTwoRunsOfOnePolicyWithOneSeed() {
        var once = run("fifo", workload(3), THREE_NODES, 7);
        var again = new PolicyRun("fifo", once.report());

        assertThatThrownBy(() -> MetricTable.of(List.of(once, again)))
                .hasMessage("policy fifo has two runs with seed 7");
    }

    @Test
    void shouldNameWhatItDoesNotHave() {
        var table = MetricTable.of(List.of(run("fifo", workload(3), THREE_NODES, 0)));

        assertThatThrownBy(() -> table.cell("fair", "makespan_s")).hasMessageContaining("no policy 'fair'");
        assertThatThrownBy(() -> table.cell("fifo", "no_such")).hasMessageContaining("no metric 'no_such'");
    }

    private static String line(String text, String label) {
        return text.lines().filter(l -> l.startsWith(label)).findFirst().orElseThrow();
    }
}
