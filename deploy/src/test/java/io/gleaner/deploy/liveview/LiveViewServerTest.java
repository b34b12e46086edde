package io.gleaner.deploy.liveview;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.deploy.liveview.core.LiveEvent;
import io.gleaner.deploy.liveview.core.LiveView;
import io.gleaner.deploy.liveview.core.ViewLimits;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class LiveViewServerTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static HttpResponse<String> get(LiveViewServer server, String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void shouldServeTheSelfContainedPageAndTheViewAsJson() throws Exception {
        var view = new LiveView(ViewLimits.DEFAULT);
        view.apply(new LiveEvent.Heartbeat("<img src=x onerror=alert(1)>", Instant.parse("2026-11-28T09:00:00Z"), 4,
                1L << 30, 2, 1, 1L << 29, 1));
        // Valid Avro, nonsense numbers: the JSON must still parse.
        view.apply(new LiveEvent.Forecast("n2", Instant.parse("2026-11-28T08:00:00Z"), Double.NaN,
                Instant.parse("2026-11-28T08:00:00Z"), 60_000, new double[] {Double.POSITIVE_INFINITY, Double.NaN}));
        try (var server = LiveViewServer.start(0, view::snapshot)) {
            var page = get(server, "/");
            var json = get(server, "/api/view");
            var other = get(server, "/elsewhere");

            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html; charset=utf-8");
            assertThat(page.body()).contains("<title>Gleaner live view</title>", "fetch(\"api/view\"");
            // Self-contained: no script, style, image or font from anywhere; the only URL is SVG's namespace.
            assertThat(Pattern.compile("https?://").matcher(page.body()).results().count()).isEqualTo(1);
            assertThat(page.body()).contains("\"http://www.w3.org/2000/svg\"").doesNotContain("<script src",
                    "<link", "@import", "url(");
            assertThat(page.body()).doesNotContain("innerHTML");
            assertThat(json.statusCode()).isEqualTo(200);
            assertThat(json.headers().firstValue("Content-Type")).hasValue("application/json");
            var read = LiveViewServer.JSON.readTree(json.body());
            assertThat(read.get("eventTime").asText()).isEqualTo("2026-11-28T09:00:00Z");
            assertThat(read.get("nodes").get(0).get("nodeId").asText()).isEqualTo("<img src=x onerror=alert(1)>");
            assertThat(read.get("nodes").get(1).get("forecast").get("utilization")).hasSize(2);
            assertThat(other.statusCode()).isEqualTo(404);
        }
    }
}
