package io.gleaner.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class MetricsServerTest {

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(MetricsServer server, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesGleanersMetersInPrometheusFormatWithTheJvmsBeside() throws Exception {
        try (var server = MetricsServer.start(0)) {
            GleanerMeters.placements("test-policy", 3);
            GleanerMeters.deadLetter("planner", "t.jobs.submitted", "does not decode");
            GleanerMeters.decisionTime("test-policy", "heartbeat", Duration.ofMillis(2));
            // Two planner tasks (two cells) with work of the same user: one figure per user.
            GleanerMeters.userLoad("1_0", Map.of("metrics-test-user", new GleanerMeters.UserLoad(5, 1)));
            GleanerMeters.userLoad("1_1", Map.of("metrics-test-user", new GleanerMeters.UserLoad(2, 3)));
            GleanerMeters.forecastMiss("MEMORY");

            var metrics = get(server, "/metrics");

            assertThat(metrics.statusCode()).isEqualTo(200);
            assertThat(metrics.body())
                    .contains("gleaner_placements_total{policy=\"test-policy\"} 3.0")
                    .contains("gleaner_dead_letters_total{reason=\"undecodable\",source_topic=\"t.jobs.submitted\","
                            + "stage=\"planner\"} 1.0")
                    .contains("gleaner_queue_tasks{user=\"metrics-test-user\"} 7.0")
                    .contains("gleaner_running_attempts{user=\"metrics-test-user\"} 4.0")
                    .contains("gleaner_forecast_misses_total{metric=\"MEMORY\"} 1.0")
                    .contains("gleaner_planner_decision_seconds_bucket{input=\"heartbeat\",policy=\"test-policy\"")
                    .contains("jvm_memory_used_bytes");
        }
    }

    @Test
    void isReadyOnlyWhenEveryPartIsAndSaysWhichIsNot() throws Exception {
        var state = new AtomicReference<>("REBALANCING");
        try (var server = MetricsServer.start(0)) {
            server.addPart("planner:app", state::get, "RUNNING");
            server.addPart("qos:app", () -> "RUNNING", "RUNNING");

            var starting = get(server, "/health/ready");
            assertThat(starting.statusCode()).isEqualTo(503);
            assertThat(starting.body()).contains("\"status\":\"DOWN\"").contains("\"planner:app\":\"REBALANCING\"");
            assertThat(get(server, "/health/live").statusCode()).isEqualTo(200);

            state.set("RUNNING");
            var running = get(server, "/health/ready");
            assertThat(running.statusCode()).isEqualTo(200);
            assertThat(running.body()).contains("\"status\":\"UP\"").contains("\"planner:app\":\"RUNNING\"");
        }
    }

    @Test
    void countsIntoNothingOnceClosed() throws Exception {
        try (var first = MetricsServer.start(0)) {
            GleanerMeters.qosAction("KILL");
            assertThat(get(first, "/metrics").body()).contains("gleaner_qos_actions_total{kind=\"KILL\"} 1.0");
        }
        GleanerMeters.qosAction("KILL");
        try (var second = MetricsServer.start(0)) {
            // The meter lives on in the global registry, but the count made while no server ran went nowhere.
            GleanerMeters.qosAction("KILL");
            assertThat(get(second, "/metrics").body()).contains("gleaner_qos_actions_total{kind=\"KILL\"} 1.0");
        }
    }
}
