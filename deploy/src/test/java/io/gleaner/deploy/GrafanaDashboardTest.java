package io.gleaner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.runtime.metrics.GleanerMeters;
import io.gleaner.runtime.metrics.MetricsServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The dashboard in deploy/grafana asks only for Gleaner metrics a process serves. */
class GrafanaDashboardTest {

    private static final Path DASHBOARD = Path.of("grafana/gleaner-dashboard.json");

    @Test
    void everyGleanerMetricTheDashboardQueriesIsServed() throws Exception {
        var asked = new TreeSet<String>();
        var matcher = Pattern.compile("gleaner_[a-z_]+").matcher(Files.readString(DASHBOARD));
        while (matcher.find()) {
            asked.add(matcher.group());
        }
        String scraped;
        try (var server = MetricsServer.start(0)) {
            GleanerMeters.placements("fifo", 1);
            GleanerMeters.decisionTime("fifo", "heartbeat", Duration.ofMillis(1));
            GleanerMeters.attemptEnded("SUCCEEDED");
            GleanerMeters.jobStep("SUBMITTED");
            GleanerMeters.deadLetter("planner", "t", "record key 'a' is not the job id 'b'");
            GleanerMeters.userLoad("0_0", java.util.Map.of("alice", new GleanerMeters.UserLoad(3, 2)));
            GleanerMeters.forecastMiss("CPU");
            GleanerMeters.lockstepRound(Duration.ofMillis(30));
            GleanerMeters.qosAction("KILL");
            GleanerMeters.nodeLost(1);
            GleanerMeters.forecastRefit();
            scraped = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + server.port() + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        }

        assertThat(asked).isNotEmpty();
        for (var metric : asked) {
            assertThat(scraped).as("the dashboard's %s", metric).containsPattern("(?m)^" + metric + "[{ ]");
        }
    }
}
