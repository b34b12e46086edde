package io.gleaner.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import io.gleaner.planner.core.Pool;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.fair.FairPolicy;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.runtime.StageSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlannerConfigTest {

    @Test
    void shouldTakeItsDefaultsWhenNothingIsSet() {
        var config = PlannerConfig.from(Map.of());

        assertThat(config).isEqualTo(PlannerConfig.defaults());
        assertThat(config.stage().applicationId()).isEqualTo("gleaner-planner");
        assertThat(config.policy()).isEqualTo(PolicyName.FIFO);
        assertThat(config.stage().commitIntervalMs()).isEqualTo(100);
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

        assertThat(config).isEqualTo(new PlannerConfig(new StageSettings("planner", "cell-7", "", 250, 1,
                Path.of("/var/lib/gleaner"), "kafka:9092", "prod.",
                io.gleaner.schemas.serde.RegistryConfig.of("http://registry:8081"),
                io.gleaner.runtime.EventTimeBound.DEFAULT_MAX_AHEAD, StageSettings.Availability.DEFAULTS,
                Map.of()), PolicyName.FIFO));
    }

    @Test
    void shouldRefuseMoreThanOneStreamThread() {
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.stream-threads", "2")))
                .hasMessageStartingWith("gleaner.planner.stream-threads must be 1");
        assertThatThrownBy(() -> new PlannerConfig(StageSettings.defaults("qos", "q"), PolicyName.FIFO))
                .hasMessage("the planner needs its own stage settings, was qos's");
    }

    @Test
    void shouldReadTheCellsAndNameTheChoicesOfCellBy() {
        var config = PlannerConfig.from(Map.of("gleaner.planner.cells", "4", "gleaner.planner.cell-by", "label:pool"));

        assertThat(config.cells()).isEqualTo(new CellMap(4, CellBy.label("pool")));
        assertThat(PlannerConfig.defaults().cells()).isEqualTo(CellMap.ONE);
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.cell-by", "zone")))
                .hasMessageContaining("gleaner.planner.cell-by").hasMessageContaining("node-id, rack, label:KEY");
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.cells", "0")))
                .hasMessageContaining("gleaner.planner.cells");
    }

    @Test
    void shouldReadTheFairPolicysPoolsAndLocalityDelay() {
        var config = PlannerConfig.from(Map.of(
                "gleaner.planner.policy", "fair",
                "gleaner.planner.pools", "alice:4:2,bob:0:1",
                "gleaner.planner.locality-delay-ms", "6000"));

        assertThat(config.policy()).isEqualTo(PolicyName.FAIR);
        assertThat(config.policySettings()).isEqualTo(new PolicySettings(
                List.of(new Pool("alice", 4, 2), new Pool("bob", 0, 1)), Duration.ofSeconds(6)));
        assertThat(config.createPolicy()).isInstanceOf(FairPolicy.class);
    }

    @Test
    void shouldReadCoshhsDeviationsFromAlgorithmTwoAndDefaultThemOn() {
        var defaults = PlannerConfig.from(Map.of("gleaner.planner.policy", "coshh")).policySettings().coshh();
        var strict = PlannerConfig.from(Map.of("gleaner.planner.policy", "coshh",
                "gleaner.planner.coshh-work-conserving", "false",
                "gleaner.planner.coshh-min-share-guarantee", "false",
                "gleaner.planner.coshh-seed", "7")).policySettings().coshh();

        assertThat(defaults).isEqualTo(CoshhSettings.defaults());
        assertThat(defaults.workConserving()).isTrue();
        assertThat(defaults.minShareGuarantee()).isTrue();
        assertThat(strict).isEqualTo(CoshhSettings.defaults().withSeed(7).withWorkConserving(false)
                .withMinShareGuarantee(false));
    }

    @Test
    void shouldDefaultToNoPoolsAndALocalityDelayOfOneAndAHalfHeartbeats() {
        var settings = PlannerConfig.from(Map.of("gleaner.planner.policy", "fair")).policySettings();

        assertThat(settings.pools()).isEmpty();
        assertThat(settings.localityDelay()).isEqualTo(Duration.ofMillis(4_500));
        assertThat(PlannerConfig.defaults().policySettings()).isEqualTo(settings);
    }

    @Test
    void shouldNameTheKeyAndTheBadPoolEntry() {
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.pools", "alice:4:2, bob:two:1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Invalid value alice:4:2, bob:two:1 for configuration gleaner.planner.pools: "
                        + "bad pool 'bob:two:1': minShare 'two' is not a whole number");
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.pools", "alice")))
                .hasMessageEndingWith("gleaner.planner.pools: bad pool 'alice': expected user:minShare:weight");
    }

    @Test
    void shouldReadTheNodeTimeoutWithZeroForNeverAndRejectANegativeOne() {
        assertThat(PlannerConfig.from(Map.of()).nodeLiveness()).isEqualTo(NodeLiveness.after(Duration.ofSeconds(9)));
        assertThat(PlannerConfig.from(Map.of("gleaner.planner.node-timeout-ms", "30000")).nodeLiveness())
                .isEqualTo(NodeLiveness.after(Duration.ofSeconds(30)));
        assertThat(PlannerConfig.from(Map.of("gleaner.planner.node-timeout-ms", "0")).nodeLiveness())
                .isEqualTo(NodeLiveness.OFF);
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.node-timeout-ms", "-1")))
                .hasMessage("Invalid value -1 for configuration gleaner.planner.node-timeout-ms: "
                        + "Value must be at least 0");
    }

    @Test
    void shouldReadTheRetryRulesWithTheirDefaultsAndRejectImpossibleOnes() {
        assertThat(PlannerConfig.from(Map.of()).retryRules()).isEqualTo(new RetryRules(4, Duration.ofSeconds(10),
                Duration.ofMinutes(6), 3, Duration.ofMinutes(10)));
        assertThat(PlannerConfig.from(Map.of("gleaner.planner.max-attempts", "8", "gleaner.planner.retry-backoff-ms",
                "0", "gleaner.planner.retry-backoff-max-ms", "0", "gleaner.planner.exclude-after", "0",
                "gleaner.planner.exclude-for-ms", "1000")).retryRules())
                .isEqualTo(new RetryRules(8, Duration.ZERO, Duration.ZERO, 0, Duration.ofSeconds(1)));
        // a backoff above the default cap raises the cap's default with it
        assertThat(PlannerConfig.from(Map.of("gleaner.planner.retry-backoff-ms", "600000")).retryRules().maxBackoff())
                .isEqualTo(Duration.ofMinutes(10));
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.max-attempts", "0")))
                .hasMessage("Invalid value 0 for configuration gleaner.planner.max-attempts: Value must be at least 1");
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.exclude-after", "-1")))
                .hasMessageContaining("gleaner.planner.exclude-after: Value must be at least 0");
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.retry-backoff-ms", "5000",
                "gleaner.planner.retry-backoff-max-ms", "1000")))
                .hasMessage("gleaner.planner.retry-backoff-max-ms must be >= gleaner.planner.retry-backoff-ms, "
                        + "were 1000 and 5000");
    }

    @Test
    void shouldRejectABadLocalityDelay() {
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.locality-delay-ms", "-1")))
                .hasMessage("Invalid value -1 for configuration gleaner.planner.locality-delay-ms: "
                        + "Value must be at least 0");
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.locality-delay-ms", "4.5s")))
                .hasMessageStartingWith("Invalid value 4.5s for configuration gleaner.planner.locality-delay-ms");
    }

    @Test
    void shouldStillReadTheKeysOfTheOldStylesAndPreferTheNewOne() {
        var old = PlannerConfig.from(Map.of("gleaner.planner.fair.pools", "alice:4:2",
                "gleaner.planner.fair.locality.delay.ms", "6000", "gleaner.planner.node-timeout.ms", "0",
                "gleaner.planner.salamander.move-limit", "7"));
        var both = PlannerConfig.from(Map.of("gleaner.planner.retry-backoff.ms", "1",
                "gleaner.planner.retry-backoff-ms", "2"));

        assertThat(old.policySettings().pools()).containsExactly(new Pool("alice", 4, 2));
        assertThat(old.policySettings().localityDelay()).isEqualTo(Duration.ofSeconds(6));
        assertThat(old.nodeLiveness()).isEqualTo(NodeLiveness.OFF);
        assertThat(old.policySettings().salamander().moveLimit()).isEqualTo(7);
        assertThat(both.retryRules().backoff()).isEqualTo(Duration.ofMillis(2));
    }

    @Test
    void shouldPlaceDataUnlessToldNotTo() {
        assertThat(PlannerConfig.defaults().policySettings().placeData()).isTrue();
        assertThat(PlannerConfig.from(Map.of("gleaner.planner.place-data", "false")).policySettings().placeData())
                .isFalse();
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.place-data", "no")))
                .hasMessageStartingWith("Invalid value no for configuration gleaner.planner.place-data");
    }

    @Test
    void shouldNameTheAllowedPoliciesForAnUnknownOne() {
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.policy", "fiffo")))
                .hasMessage("Invalid value fiffo for configuration gleaner.planner.policy: "
                        + "unknown policy 'fiffo'; expected one of fifo, fair, coshh, salamander, cuckoo, johnson, balanced-pools, mdasa, ndasa, edf, adaptive, ras, reverse-adaptive");
    }

    @Test
    void shouldRejectANonPositiveCommitInterval() {
        assertThatThrownBy(() -> PlannerConfig.defaults().withStage(s -> s.withCommitIntervalMs(0)))
                .hasMessage("gleaner.planner.commit-interval-ms must be > 0, was 0");
        assertThatThrownBy(() -> PlannerConfig.from(Map.of("gleaner.planner.commit-interval-ms", "soon")))
                .hasMessageStartingWith("Invalid value soon for configuration gleaner.planner.commit-interval-ms");
    }

    @Test
    void shouldRejectAnApplicationIdThatCannotNameTopics() {
        assertThatThrownBy(() -> PlannerConfig.defaults().withStage(s -> s.withApplicationId("my planner")))
                .hasMessage("gleaner.planner.application-id must be letters, digits, '.', '_' or '-', was 'my planner'");
    }

    @Test
    void shouldRunExactlyOnceWithExplicitNamesAndStaticMembership() {
        var props = PlannerConfig.defaults().withStage(s -> s.withApplicationId("cell-7")).streamsProperties();

        assertThat(props).containsEntry("processing.guarantee", "exactly_once_v2")
                .containsEntry("ensure.explicit.internal.resource.naming", "true")
                .containsEntry("application.id", "cell-7")
                .containsEntry("commit.interval.ms", "100")
                .containsEntry("max.task.idle.ms", "0")
                .containsEntry("main.consumer.group.instance.id", "cell-7");
    }

    @Test
    void shouldNameAStandbyByItsInstanceIdAndKeepAWarmCopyOfTheState() {
        var props = PlannerConfig.from(Map.of("gleaner.planner.application-id", "cell-7",
                "gleaner.planner.instance-id", "host-b", "gleaner.planner.standby-replicas", "2")).streamsProperties();

        assertThat(props).containsEntry("main.consumer.group.instance.id", "host-b")
                .containsEntry("num.standby.replicas", "2")
                .containsEntry("main.consumer.session.timeout.ms", "6000");
    }
}
