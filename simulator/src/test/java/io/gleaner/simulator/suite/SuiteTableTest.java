package io.gleaner.simulator.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SuiteTableTest {

    private static final SuiteWorkload FB = SuiteWorkload.parse("fb2009");
    private static final SuiteWorkload GOOGLE = SuiteWorkload.parse("google2011");

    private static SuiteRun run(SuiteWorkload workload, double load, String policy, long seed, double mean) {
        return new SuiteRun("c", workload, load, policy, seed, 10, 10, mean, Optional.empty());
    }

    private final List<SuiteRun> runs = List.of(
            run(FB, 1, "fair", 0, 100), run(FB, 1, "fair", 1, 200),
            run(FB, 1, "coshh", 0, 50), run(FB, 1, "coshh", 1, 300),
            run(GOOGLE, 2, "fair", 0, 10), run(GOOGLE, 2, "fair", 1, 10),
            run(GOOGLE, 2, "coshh", 0, 20), run(GOOGLE, 2, "coshh", 1, 40));

    @Test
    void shouldTakeEachSeedsRatioToTheBaselineOnTheSameSeed() {
        var table = SuiteTable.of(runs, "fair");

        assertThat(table.policies()).containsExactly("coshh");
        assertThat(table.rows()).hasSize(2);
        var fb = table.rows().get(0);
        assertThat(fb.workload()).isEqualTo(FB);
        assertThat(fb.baselineMeanS()).isEqualTo(150.0);
        var ratio = fb.ratios().get("coshh");
        // 50/100 and 300/200: not 350/300.
        assertThat(ratio.mean()).isCloseTo(1.0, within(1e-12));
        assertThat(ratio.min()).isEqualTo(0.5);
        assertThat(ratio.max()).isEqualTo(1.5);
        assertThat(ratio.complete()).isTrue();
    }

    @Test
    void shouldSummariseEachPartApart() {
        var table = SuiteTable.of(runs, "fair");

        assertThat(table.summaries(SuiteWorkload.Part.TUNE)).singleElement().satisfies(s -> {
            assertThat(s.geometricMean()).isCloseTo(1.0, within(1e-12));
            assertThat(s.rowsAbove()).isZero();
        });
        assertThat(table.summaries(SuiteWorkload.Part.REPORT)).singleElement().satisfies(s -> {
            assertThat(s.geometricMean()).isCloseTo(3.0, within(1e-12));
            assertThat(s.worst()).isCloseTo(3.0, within(1e-12));
            assertThat(s.rowsAbove()).isEqualTo(1);
        });
        assertThat(table.markdown()).contains("| tune | c | fb2009 | x1 | 10 | 150.0 | 1.00 (0.50-1.50) |")
                .contains("| report | c | google2011 | x2 | 10 | 10.0 | 3.00 (2.00-4.00) |")
                .contains("| report | coshh / fair | 3.00 | 3.00 | 1 of 1 |");
    }

    @Test
    void shouldMarkARatioWhoseRunsLeftJobsUnfinished() {
        var unfinished = List.of(run(FB, 1, "fair", 0, 100), new SuiteRun("c", FB, 1, "fifo", 0, 10, 9, 80,
                Optional.empty()));

        assertThat(SuiteTable.of(unfinished, "fair").markdown()).contains("0.80 (0.80-0.80) *");
    }

    @Test
    void shouldShowNoGoalsWhenNoJobHadADeadline() {
        var table = SuiteTable.of(runs, "fair");

        assertThat(table.rows()).allSatisfy(row -> assertThat(row.goals()).isEmpty());
        assertThat(table.goalsMarkdown()).isEmpty();
    }

    @Test
    void shouldAverageEachPolicysGoalsOverTheSeedsTheBaselineFirst() {
        var withGoals = List.of(
                goals(run(FB, 1, "edf", 0, 50), 80, 10), goals(run(FB, 1, "edf", 1, 60), 100, 0),
                goals(run(FB, 1, "fair", 0, 100), 40, 30), goals(run(FB, 1, "fair", 1, 100), 50, 50));

        var table = SuiteTable.of(withGoals, "fair");

        // edf: (80 + 100) / 2 = 90 % met, (10 + 0) / 2 = 5 s; fair: 45 %, 40 s.
        assertThat(table.rows()).singleElement().satisfies(row -> assertThat(row.goals()).containsExactly(
                entry("edf", new SuiteRun.Goals(90, 5)), entry("fair", new SuiteRun.Goals(45, 40))));
        assertThat(table.goalsMarkdown()).hasValueSatisfying(markdown -> assertThat(markdown)
                .contains("| part | cluster | workload | load | jobs | fair goals met (%) | fair tardiness p95 (s) | "
                        + "edf goals met (%) | edf tardiness p95 (s) |")
                .contains("| tune | c | fb2009 | x1 | 10 | 45.0 | 40.0 | 90.0 | 5.0 |"));
    }

    private static SuiteRun goals(SuiteRun run, double metPct, double tardinessP95S) {
        return new SuiteRun(run.cluster(), run.workload(), run.load(), run.policy(), run.seed(), run.jobsSubmitted(),
                run.jobsCompleted(), run.meanCompletionS(), Optional.of(new SuiteRun.Goals(metPct, tardinessP95S)));
    }
}
