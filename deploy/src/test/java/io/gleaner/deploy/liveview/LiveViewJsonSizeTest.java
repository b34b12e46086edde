package io.gleaner.deploy.liveview;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.deploy.liveview.core.LiveEvent;
import io.gleaner.deploy.liveview.core.LiveView;
import io.gleaner.deploy.liveview.core.ViewLimits;
import java.time.Instant;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What one poll of {@code /api/view} weighs with every window full: the view is bounded by nodes, whatever the run's
 * length (docs/operations.md#watching-it; the figures in docs/results/2026-11-29-live-view-size.md).
 */
class LiveViewJsonSizeTest {

    private static final Instant T0 = Instant.parse("2009-05-01T00:00:00Z");

    /** {@code nodes} nodes, each with a day's forecast and far more heartbeats and samples than are kept. */
    private static LiveView full(int nodes) {
        var view = new LiveView(ViewLimits.DEFAULT);
        var random = new SplittableRandom(1);
        for (int i = 0; i < nodes; i++) {
            var id = "node-" + i;
            var forecast = new double[480];
            for (int s = 0; s < forecast.length; s++) {
                forecast[s] = random.nextDouble();
            }
            view.apply(new LiveEvent.Forecast(id, T0, 0.99, T0, 180_000, forecast));
            for (int p = 0; p < 200; p++) {
                var time = T0.plusSeconds(10L * p);
                view.apply(new LiveEvent.Heartbeat(id, time, 16, 64L << 30, 16, 3.5, 8L << 30, random.nextInt(16)));
                view.apply(new LiveEvent.OwnersUse(id, time, random.nextDouble()));
            }
        }
        for (int j = 0; j < 20_000; j++) {
            view.apply(new LiveEvent.JobSubmitted("job" + j, "job" + j, "U_" + (j % 10), "default", T0, 10,
                    T0.plusSeconds(600)));
            view.apply(new LiveEvent.Placement("job" + j + "/m/0/0", "job" + j, "node-0", T0, "coshh", 1, 1L << 30));
        }
        return view;
    }

    @ParameterizedTest
    @ValueSource(ints = {100, 1_000})
    void shouldStayWithinAboutThreeKilobytesPerNode(int nodes) throws Exception {
        var bytes = LiveViewServer.JSON.writeValueAsBytes(full(nodes).snapshot());

        System.out.printf(Locale.ROOT, "live view JSON at %d nodes: %d bytes%n", nodes, bytes.length);
        assertThat(bytes.length).isBetween(2_000 * nodes, 3_200 * nodes + 20_000);
    }

    @Test
    void shouldKeepOnlyTheLimitsOfJobsAndPlacements() {
        var snapshot = full(1).snapshot();

        assertThat(snapshot.jobs()).hasSize(ViewLimits.DEFAULT.jobsShown());
        assertThat(snapshot.placements()).hasSize(ViewLimits.DEFAULT.recent());
        assertThat(snapshot.queues().stream().mapToInt(q -> q.waiting() + q.running() + q.ended()).sum())
                .isEqualTo(ViewLimits.DEFAULT.jobs());
        assertThat(snapshot.nodes().get(0).ownersUse()).hasSize(ViewLimits.DEFAULT.points());
        assertThat(snapshot.nodes().get(0).forecast().utilization()).hasSize(ViewLimits.DEFAULT.forecastSteps());
    }
}
