package io.gleaner.deploy.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.deploy.registry.EmbeddedSchemaRegistry;
import io.gleaner.deploy.registry.EmbeddedSchemaRegistryConfig;
import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.Timeout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Three planner processes of one application id; the active one is killed with SIGKILL halfway through a lockstep
 * run ({@link PlannerFailover}). Its task moves to a standby, the placements resume, and no decision is lost or doubled
 * on {@code placements} (read_committed): the decisions are those of an uninterrupted in-process run. How long the
 * placements paused is logged, not asserted (a timed test would fail on a busy machine; docs/results/ has the
 * measurement, {@code FailoverBenchmark}).
 */
@Tag("integration")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class PlannerFailoverIT {

    private static final Logger log = LoggerFactory.getLogger(PlannerFailoverIT.class);
    private static final int JOBS = 12;

    private static TestKafka kafka;
    private static EmbeddedSchemaRegistry registry;

    @BeforeAll
    static void startBrokerAndRegistry() {
        kafka = TestKafka.start();
        registry = new EmbeddedSchemaRegistry(EmbeddedSchemaRegistryConfig.of(kafka.bootstrapServers())
                .withTopic("it.planner-failover._schemas")).start();
    }

    @AfterAll
    static void stopBrokerAndRegistry() {
        if (registry != null) {
            registry.close();
        }
        if (kafka != null) {
            kafka.close();
        }
    }

    @Test
    void shouldResumePlacementsOnAStandbyWithNoDecisionLostOrDoubled(TestInfo test) throws Exception {
        var name = test.getTestMethod().orElseThrow().getName();
        // Kept in target/ (the processes' logs), to read when a run fails.
        var dir = Path.of("target", "planner-failover", name + "-" + System.currentTimeMillis());

        var outcome = new PlannerFailover(kafka.bootstrapServers(), registry.url()).run(name, JOBS, dir);

        log.info("killed {}; placements resumed {} ms after the last one before the kill", outcome.killed(),
                outcome.placementsResumeIn().toMillis());
        assertThat(outcome.report().jobsCompleted()).as("jobs completed, logs in %s", dir).isEqualTo(JOBS);
        assertThat(outcome.report().counts().duplicateDecisions()).isZero();
        assertThat(outcome.onTopic()).as("decision ids on placements across the failover")
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(outcome.answeredByLink());
        assertThat(outcome.report().decisionDigest()).isEqualTo(outcome.uninterrupted());
    }
}
