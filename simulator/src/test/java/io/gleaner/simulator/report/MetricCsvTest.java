package io.gleaner.simulator.report;

import static io.gleaner.simulator.core.SimulatorFixtures.workload;
import static io.gleaner.simulator.report.ReportFixtures.THREE_NODES;
import static io.gleaner.simulator.report.ReportFixtures.run;
import static io.gleaner.simulator.report.ReportFixtures.value;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The CSV files read back: the same numbers, exactly. */
class MetricCsvTest {

    @Test
    void shouldReadBackEveryPolicyAndMetricWithTheTablesNumbers() {
        var runs = new ArrayList<>(ReportFixtures.twoSeedsOfFifo());
        runs.add(run("empty", List.of(), THREE_NODES, 0));
        var table = MetricTable.of(runs);

        var rows = parse(table.metricsCsv());

        assertThat(rows.get(0)).containsExactlyElementsOf(MetricCsv.METRICS_HEADER);
        assertThat(rows).hasSize(1 + 2 * table.metrics().size());
        int row = 1;
        for (var policy : List.of("fifo", "empty")) {
            for (var metric : table.metrics()) {
                var fields = rows.get(row++);
                var cell = table.cell(policy, metric.key());
                assertThat(fields.subList(0, 7)).containsExactly(policy, metric.key(), metric.label(), metric.unit(),
                        Boolean.toString(metric.higherIsBetter()), Integer.toString(cell.absolute().seeds()),
                        Integer.toString(cell.absolute().defined()));
                assertThat(number(fields.get(7))).as("mean").isEqualTo(Double.valueOf(cell.absolute().mean()));
                assertThat(number(fields.get(8))).as("stddev").isEqualTo(Double.valueOf(cell.absolute().stddev()));
                assertThat(number(fields.get(9))).as("min").isEqualTo(Double.valueOf(cell.absolute().min()));
                assertThat(number(fields.get(10))).as("max").isEqualTo(Double.valueOf(cell.absolute().max()));
                assertThat(fields.get(11)).isEqualTo("fifo");
                assertThat(number(fields.get(12))).as("ratio").isEqualTo(Double.valueOf(cell.ratio()));
            }
        }
        // The empty run measured no completion time: written as n/a, not as 0 or NaN.
        assertThat(rows).filteredOn(f -> f.get(0).equals("empty") && f.get(1).equals("completion_mean_s"))
                .singleElement().satisfies(f -> assertThat(f.get(7)).isEqualTo("n/a"));
    }

    @Test
    void shouldWriteOneRowPerRunWithEveryMetricOfThatRun() {
        var runs = List.of(run("fifo", workload(6), THREE_NODES, 0), run("fifo", workload(6), THREE_NODES, 1),
                run("other", workload(9), THREE_NODES, 0));
        var table = MetricTable.of(runs);

        var rows = parse(table.runsCsv());

        var header = rows.get(0);
        assertThat(header.subList(0, MetricCsv.RUNS_HEADER.size())).containsExactlyElementsOf(MetricCsv.RUNS_HEADER);
        assertThat(header.subList(MetricCsv.RUNS_HEADER.size(), header.size()))
                .containsExactlyElementsOf(table.metrics().stream().map(MetricTable.Metric::key).toList());
        assertThat(rows).hasSize(1 + runs.size());
        for (int i = 0; i < runs.size(); i++) {
            var run = runs.get(i);
            var fields = rows.get(i + 1);
            assertThat(fields.get(0)).isEqualTo(run.policy());
            assertThat(Long.parseLong(fields.get(1))).isEqualTo(run.seed());
            assertThat(fields.get(2)).isEqualTo(run.report().cluster());
            assertThat(Integer.parseInt(fields.get(3))).isEqualTo(run.report().jobsSubmitted());
            assertThat(Long.parseLong(fields.get(4))).isEqualTo(run.report().rounds());
            assertThat(fields.get(5)).isEqualTo(run.report().timeline().get(0).time().toString());
            assertThat(fields.get(6)).isEqualTo(run.report().endTime().toString());
            for (int m = MetricCsv.RUNS_HEADER.size(); m < header.size(); m++) {
                assertThat(number(fields.get(m))).as(header.get(m)).isEqualTo(Double.valueOf(value(run.report(), header.get(m))));
            }
        }
        // No test job has a deadline: the deadline columns are there all the same, and say n/a.
        for (var key : List.of("late_job_pct", "deadline_met_pct", "measurable_deadline_met_pct", "tardiness_mean_s",
                "tardiness_p95_s", "beyond_deadline_pct")) {
            int column = header.indexOf(key);
            assertThat(column).as(key).isPositive();
            assertThat(rows.subList(1, rows.size())).allSatisfy(f -> assertThat(f.get(column)).isEqualTo("n/a"));
        }
    }

    @Test
    void shouldQuoteAFieldWithACommaOrAQuote() {
        assertThat(MetricCsv.quote("plain")).isEqualTo("plain");
        assertThat(MetricCsv.quote("jobs, completed")).isEqualTo("\"jobs, completed\"");
        assertThat(MetricCsv.quote("the \"p99\"")).isEqualTo("\"the \"\"p99\"\"\"");
        assertThat(parse(MetricCsv.quote("a, \"b\"") + ",c\n")).containsExactly(List.of("a, \"b\"", "c"));
    }

    private static double number(String field) {
        return field.equals("n/a") ? Double.NaN : Double.parseDouble(field);
    }

    /** RFC 4180 fields: quoted fields may hold commas, doubled quotes and line breaks. */
    static List<List<String>> parse(String csv) {
        var rows = new ArrayList<List<String>>();
        var row = new ArrayList<String>();
        var field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        return rows;
    }
}
