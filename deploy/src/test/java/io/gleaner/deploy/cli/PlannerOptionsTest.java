package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.coshh.CoshhSettings;
import io.gleaner.planner.core.NodeLiveness;
import io.gleaner.planner.core.PolicyName;
import io.gleaner.planner.core.policies.PolicySettings;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gleaner run}'s planner options map one to one onto the planner's declared settings, defaults included. */
class PlannerOptionsTest {

    private static final RegistryConfig REGISTRY = RegistryConfig.of("http://registry:8081");

    private static PlannerConfig parse(String... args) {
        var command = new RunCommand();
        new CommandLine(command).parseArgs(args);
        return command.planner.config("kafka:9092", "p.", REGISTRY, Path.of("data"));
    }

    @Test
    void shouldTakeTheDefaultRetryRules() {
        assertThat(parse().retryRules()).isEqualTo(RetryRules.defaults());
    }

    @Test
    void shouldMapEveryRetryOptionOntoItsSetting() {
        var rules = parse("--max-attempts", "2", "--retry-backoff-ms", "500", "--retry-backoff-max-ms", "4000",
                "--exclude-after", "5", "--exclude-for-ms", "60000").retryRules();

        assertThat(rules).isEqualTo(new RetryRules(2, Duration.ofMillis(500), Duration.ofSeconds(4), 5,
                Duration.ofMinutes(1)));
    }

    @Test
    void shouldRejectAnAttemptLimitBelowOneAndABackoffCapBelowTheBackoff() {
        assertThatThrownBy(() -> parse("--max-attempts", "0"))
                .isInstanceOf(CommandLine.ParameterException.class).hasMessage("Invalid value 0 for option --max-attempts: Value must be at least 1");
        assertThatThrownBy(() -> parse("--retry-backoff-ms", "5000", "--retry-backoff-max-ms", "1000"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("gleaner.planner.retry-backoff-max-ms must be >= gleaner.planner.retry-backoff-ms, "
                        + "were 1000 and 5000");
    }

    @Test
    void shouldTakeEveryDefaultOfTheDeclarationsWithTheStateUnderTheDataDir() {
        var config = parse();

        assertThat(config).isEqualTo(PlannerConfig.defaults().withStage(s -> s
                .withStateDir(Path.of("data", "planner-state")).withBootstrapServers("kafka:9092")
                .withTopicPrefix("p.").withRegistry(REGISTRY)));
        assertThat(config.policySettings()).isEqualTo(PolicySettings.defaults());
        assertThat(config.nodeLiveness()).isEqualTo(NodeLiveness.defaults());
    }

    @Test
    void shouldTakeTheOldOptionNameAndTheStrictShorthands() {
        var config = parse("--salamander-moves", "7", "--coshh-strict", "--salamander-strict", "--place-data", "false",
                "--policy", "salamander");

        assertThat(config.policy()).isEqualTo(PolicyName.SALAMANDER);
        assertThat(config.policySettings().salamander().moveLimit()).isEqualTo(7);
        assertThat(config.policySettings().salamander().earlyRelease()).isFalse();
        assertThat(config.policySettings().coshh()).isEqualTo(CoshhSettings.defaults().withWorkConserving(false)
                .withMinShareGuarantee(false).withLeastSatisfiedFirst(false).withDelayScheduling(false));
        assertThat(config.policySettings().placeData()).isFalse();
    }

    @Test
    void shouldNameTheOptionAndTheAllowedPoliciesForAnUnknownOne() {
        assertThatThrownBy(() -> parse("--policy", "fiffo"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("Invalid value fiffo for option --policy: unknown policy 'fiffo'; expected one of fifo, "
                        + "fair, coshh, salamander, cuckoo, johnson, balanced-pools, mdasa, ndasa, edf, adaptive, ras, reverse-adaptive");
    }
}
