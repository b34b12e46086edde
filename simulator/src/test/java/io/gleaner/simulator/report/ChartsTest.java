package io.gleaner.simulator.report;

import static io.gleaner.simulator.core.SimulatorFixtures.workload;
import static io.gleaner.simulator.report.ReportFixtures.THREE_NODES;
import static io.gleaner.simulator.report.ReportFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.planner.core.Job;
import io.gleaner.simulator.core.JobCompletion;
import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.workload.DeadlineAssignment;
import java.util.List;
import java.util.stream.IntStream;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

/** What the charts draw, read back from their datasets. */
class ChartsTest {

    private static final MetricTable TABLE = MetricTable.of(List.of(run("a", workload(6), THREE_NODES, 0),
            run("b", workload(12), THREE_NODES, 0)));

    @Test
    void shouldDrawTheCompletionCdfOfEachPolicyFromItsCompletions() {
        var plot = Charts.completionCdf(TABLE).orElseThrow().getXYPlot();

        var dataset = (XYSeriesCollection) plot.getDataset();
        assertThat(dataset.getSeriesCount()).isEqualTo(2);
        assertThat(List.of(dataset.getSeriesKey(0), dataset.getSeriesKey(1))).containsExactly("a", "b");
        for (var policy : TABLE.policies()) {
            var series = dataset.getSeries(policy);
            var seconds = Charts.first(TABLE, policy).report().completions().stream()
                    .map(JobCompletion::completionTime).mapToDouble(d -> d.toMillis() / 1000.0).sorted().toArray();
            assertThat(series.getItemCount()).isEqualTo(seconds.length);
            for (int i = 0; i < seconds.length; i++) {
                assertThat(series.getX(i).doubleValue()).isEqualTo(seconds[i]);
                assertThat(series.getY(i).doubleValue()).isEqualTo((i + 1.0) / seconds.length);
            }
        }
    }

    @Test
    void shouldDrawEachJobsGoalAgainstItsExecutionAndNothingWithoutDeadlines() {
        // Factors 0.5..1.5 of the stand-alone time: some jobs meet their goal, others (queued behind) do not.
        var jobs = new DeadlineAssignment(0.5, 1.5, 3, THREE_NODES, SimulationSettings.DEFAULT_HEARTBEAT_PERIOD).assignAll(workload(8));
        var table = MetricTable.of(List.of(run("a", jobs, THREE_NODES, 0)));

        var plot = Charts.goalsAgainstCompletion(table).orElseThrow().getXYPlot();

        var series = ((XYSeriesCollection) plot.getDataset()).getSeries("a");
        var goals = Charts.first(table, "a").report().deadlines().goals();
        assertThat(series.getItemCount()).isEqualTo(8).isEqualTo(goals.size());
        for (int i = 0; i < goals.size(); i++) {
            assertThat(series.getX(i).doubleValue()).isEqualTo(goals.get(i).goal().toMillis() / 1000.0);
            assertThat(series.getY(i).doubleValue()).isEqualTo(goals.get(i).execution().toMillis() / 1000.0);
        }
        assertThat(plot.getAnnotations()).hasSize(1);
        assertThat(Charts.goalsAgainstCompletion(TABLE)).isEmpty();
    }

    @Test
    void shouldDrawRunningAttemptsAndSpareCpusOfEveryRound() {
        var running = (XYSeriesCollection) Charts.runningAttempts(TABLE).orElseThrow().getXYPlot().getDataset();
        var spare = (XYSeriesCollection) Charts.spareCpus(TABLE).orElseThrow().getXYPlot().getDataset();

        for (var policy : TABLE.policies()) {
            var timeline = Charts.first(TABLE, policy).report().timeline();
            XYSeries attempts = running.getSeries(policy);
            XYSeries cpus = spare.getSeries(policy);
            assertThat(attempts.getItemCount()).isEqualTo(timeline.size());
            for (int i = 0; i < timeline.size(); i++) {
                assertThat(attempts.getY(i).intValue()).isEqualTo(timeline.get(i).runningAttempts());
                assertThat(cpus.getY(i).doubleValue()).isEqualTo(timeline.get(i).spareCpus());
            }
        }
    }

    @Test
    void shouldDrawTheRelaunchedAndRemoteShareMeansAsBars() {
        var dataset = Charts.relaunchedAndRemote(TABLE).orElseThrow().getCategoryPlot().getDataset();

        assertThat(columns(dataset)).containsExactly("relaunched tasks (%)", "remote map attempts (%)");
        assertThat(rows(dataset)).containsExactly("a", "b");
        for (var policy : TABLE.policies()) {
            assertThat(dataset.getValue(policy, "relaunched tasks (%)").doubleValue())
                    .isEqualTo(TABLE.cell(policy, "relaunched_task_pct").absolute().mean());
            assertThat(dataset.getValue(policy, "remote map attempts (%)").doubleValue())
                    .isEqualTo(TABLE.cell(policy, "remote_map_pct").absolute().mean());
        }
    }

    @Test
    void shouldDrawEachUsersTimeWeightedMeanPerPolicy() {
        var dataset = Charts.userShares(TABLE).orElseThrow().getCategoryPlot().getDataset();

        // The test jobs all belong to one user, "user".
        assertThat(columns(dataset)).containsExactly("user");
        for (var policy : TABLE.policies()) {
            var expected = MeanRunningByUser.of(Charts.first(TABLE, policy).report().timeline()).get("user");
            assertThat(dataset.getValue(policy, "user").doubleValue()).isEqualTo(expected).isPositive();
        }
    }

    @Test
    void shouldNameTheBusiestUsersAndSumTheOthersIntoOneBar() {
        // 24 jobs, each of its own user u01..u24: more users than a chart names.
        var jobs = workload(24).stream()
                .map(j -> new Job(j.jobId(), j.jobName(), "u" + j.jobId().substring(4), j.queue(), j.priority(),
                        j.submitTime(), j.deadline(), j.inputBytes(), j.shuffleBytes(), j.outputBytes(),
                        j.taskGroups()))
                .toList();
        var table = MetricTable.of(List.of(run("fifo", jobs, THREE_NODES, 0)));
        var means = MeanRunningByUser.of(table.runs().get(0).report().timeline());
        assertThat(means).hasSize(24);

        var dataset = Charts.userShares(table).orElseThrow().getCategoryPlot().getDataset();

        var columns = columns(dataset);
        assertThat(columns).hasSize(Charts.MAX_USERS + 1).endsWith("other 4 users");
        var named = columns.subList(0, Charts.MAX_USERS);
        double smallestNamed = named.stream().mapToDouble(u -> means.get((String) u)).min().orElseThrow();
        double others = 0;
        for (var entry : means.entrySet()) {
            if (!named.contains(entry.getKey())) {
                assertThat(entry.getValue()).as(entry.getKey()).isLessThanOrEqualTo(smallestNamed);
                others += entry.getValue();
            }
        }
        assertThat(dataset.getValue("fifo", "other 4 users").doubleValue()).isCloseTo(others, within(1e-9));
    }

    @Test
    void shouldGiveEachPolicyItsOwnColour() {
        assertThat(Charts.colour(TABLE, "a")).isNotEqualTo(Charts.colour(TABLE, "b"));
    }

    private static List<Comparable<?>> columns(CategoryDataset dataset) {
        return IntStream.range(0, dataset.getColumnCount()).<Comparable<?>>mapToObj(dataset::getColumnKey).toList();
    }

    private static List<Comparable<?>> rows(CategoryDataset dataset) {
        return IntStream.range(0, dataset.getRowCount()).<Comparable<?>>mapToObj(dataset::getRowKey).toList();
    }
}
