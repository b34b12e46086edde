package io.gleaner.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.PolicyName;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlannerConfigTest {

    @Test
    void shouldTakeItsDefaultsWhenNothingIsSet() {
        var config = PlannerConfig.from(Map.of());

        assertThat(config).isEqualTo(PlannerConfig.defaults());
        assertThat(config.applicationId()).isEqualTo("gleaner-planner");
        assertThat(config.policy()).isEqualTo(PolicyName.FIFO);
        assertThat(config.commitIntervalMs()).isEqualTo(100);
        assertThat(config.topics().jobsSubmitted().name()).isEqualTo("gleaner.jobs.submitted");
    }

    @Test
    void shouldReadNamespacedKeys() {
        var config = PlannerConfig.from(Map.of(
                "gleaner.planner.application-id", "cell-7",
                "gleaner.planner.policy", "FIFO",
                "gleaner.planner.commit-interval-ms", "250",
                "gleaner.planner.state-dir", "/var/lib/gleaner",
                "gleaner.bootstrap-servers", "kafka:9092",
                "gleaner.topic-prefix", "prod.",
                "schema.registry.url", "http://registry:8081"));

        assertThat(config).isEqualTo(new PlannerConfig("cell-7", PolicyName.FIFO, 250, Path.of("/var/lib/gleaner"),
                "kafka:9092", "prod.", io.gleaner.schemas.serde.RegistryConfig.of("http://registry:8081")));
    }

    @Test
    void shouldNameTheAllowedPoliciesForAnUnknownOne() {
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.policy", "fiffo")))
                .hasMessage("unknown policy 'fiffo'; expected one of fifo, fair");
    }

    @Test
    void shouldRejectANonPositiveCommitInterval() {
        assertThatThrownBy(() -> PlannerConfig.defaults().withCommitIntervalMs(0))
                .hasMessage("gleaner.planner.commit-interval-ms must be > 0, was 0");
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.commit-interval-ms", "soon")))
                .hasMessage("gleaner.planner.commit-interval-ms must be a whole number, was 'soon'");
    }

    @Test
    void shouldRejectAnApplicationIdThatCannotNameTopics() {
        assertThatThrownBy(() -> PlannerConfig.defaults().withApplicationId("my planner"))
                .hasMessage("gleaner.planner.application-id must be letters, digits, '.', '_' or '-', was 'my planner'");
    }

    @Test
    void shouldRunExactlyOnceWithExplicitNamesAndStaticMembership() {
        var props = PlannerApp.streamsProperties(PlannerConfig.defaults().withApplicationId("cell-7"));

        assertThat(props).containsEntry("processing.guarantee", "exactly_once_v2")
                .containsEntry("ensure.explicit.internal.resource.naming", "true")
                .containsEntry("application.id", "cell-7")
                .containsEntry("commit.interval.ms", "100")
                .containsEntry("max.task.idle.ms", "0")
                .containsEntry("main.consumer.group.instance.id", "cell-7");
    }
}
