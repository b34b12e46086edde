package io.gleaner.simulator.report;

import static io.gleaner.simulator.core.SimulatorFixtures.workload;
import static io.gleaner.simulator.report.ReportFixtures.THREE_NODES;
import static io.gleaner.simulator.report.ReportFixtures.run;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.simulator.core.SimulationSettings;
import io.gleaner.simulator.workload.DeadlineAssignment;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HTML page of real runs: one image per chart, embedded, nothing fetched from elsewhere. */
class HtmlReportTest {

    private static final Pattern IMG = Pattern.compile("<img src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"");

    private static MetricTable table;
    private static String html;

    @BeforeAll
    static void render() {
        // Deadlines from the stand-alone estimate, so the goal chart has points too.
        var jobs = new DeadlineAssignment(1, 3, 0, ReportFixtures.COSHH,
                SimulationSettings.DEFAULT_HEARTBEAT_PERIOD).assignAll(workload(12));
        table = MetricTable.of(ReportFixtures.fifo(jobs, ReportFixtures.COSHH, 0L, 1L));
        var description = new EvaluationDescription("workload(12) <test>", 12, "three-nodes",
                List.of("2 trace rows were rejected & reported."), List.of(Duration.ofMillis(1234), Duration.ofMillis(50)));
        html = HtmlReport.render(description, table);
    }

    @Test
    void shouldEmbedOnePngPerChart() throws IOException {
        // Every chart has something to draw: jobs completed, rounds ran, the remote share is reported, the
        // test jobs belong to a user and have deadlines.
        var figures = HtmlReport.figures(table);
        assertThat(figures).allSatisfy(f -> assertThat(f.chart()).as(f.title()).isPresent());

        var images = new ArrayList<String>();
        var matcher = IMG.matcher(html);
        while (matcher.find()) {
            images.add(matcher.group(1));
        }

        assertThat(images).hasSize(figures.size());
        assertThat(html.split("<img ", -1)).hasSize(figures.size() + 1);
        for (var image : images) {
            var png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(image)));
            assertThat(png).isNotNull();
            assertThat(png.getWidth()).isEqualTo(HtmlReport.WIDTH);
            assertThat(png.getHeight()).isEqualTo(HtmlReport.HEIGHT);
        }
        for (var figure : figures) {
            assertThat(html).contains("<h2>" + figure.title() + "</h2>");
        }
    }

    @Test
    void shouldReferToNothingOutsideThePage() {
        assertThat(html).doesNotContainIgnoringCase("http:").doesNotContainIgnoringCase("https:")
                .doesNotContainIgnoringCase("<script").doesNotContainIgnoringCase("<link")
                .doesNotContainIgnoringCase("@import").doesNotContainIgnoringCase("url(");
        assertThat(html).containsPattern("(?s)<style>.+</style>");
    }

    @Test
    void shouldDescribeTheRunsByTheirVirtualTimes() {
        assertThat(html).contains("workload(12) &lt;test&gt;", "three-nodes", "fifo (baseline)", "Seeds: 0, 1",
                "2 trace rows were rejected &amp; reported.");
        for (var run : table.runs()) {
            assertThat(html).contains(run.report().endTime().toString(),
                    run.report().timeline().get(0).time().toString());
        }
        assertThat(html).contains("1.2 s", "0.1 s", "no metric uses it");
    }

    @Test
    void shouldHoldTheMetricTable() {
        for (var metric : table.metrics()) {
            var summary = table.cell("fifo", metric.key()).absolute();
            assertThat(html).contains("<td>" + metric.label() + "</td>", ">" + Figures.summary(summary) + "</td>");
        }
    }

    @Test
    void shouldSayWhyAChartIsMissingInsteadOfDrawingAnEmptyOne() {
        var empty = MetricTable.of(List.of(run("fifo", List.of(), THREE_NODES, 0)));

        var page = HtmlReport.render(new EvaluationDescription("none", 0, "three-nodes", List.of(), List.of()), empty);

        assertThat(page).doesNotContain("<img ");
        assertThat(HtmlReport.figures(empty)).allSatisfy(f -> assertThat(page).contains(f.missing()));
        assertThat(page).contains("n/a").doesNotContain("wall time");
    }

    @Test
    void shouldRenderTheSamePageTwice() {
        var description = new EvaluationDescription("t", 12, "three-nodes", List.of(), List.of());

        assertThat(HtmlReport.render(description, table)).isEqualTo(HtmlReport.render(description, table));
    }
}
