package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.PlannerConfig;
import io.gleaner.planner.core.RetryRules;
import io.gleaner.schemas.serde.RegistryConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code gleaner run}'s retry options map one to one onto {@link PlannerConfig#retryRules()}, defaults included. */
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
                .isInstanceOf(CommandLine.ParameterException.class).hasMessage("--max-attempts must be >= 1, was 0");
        assertThatThrownBy(() -> parse("--retry-backoff-ms", "5000", "--retry-backoff-max-ms", "1000"))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessageContaining("gleaner.planner.retry-backoff-max.ms >= it, were 5000 and 1000");
    }
}
