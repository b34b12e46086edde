package io.gleaner.simulator.lockstep;

import io.gleaner.schemas.Topics;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.kafka.clients.CommonClientConfigs;

/**
 * Settings of the Kafka lockstep link (docs/simulator.md#lockstep).
 *
 * @param bootstrapServers     the Kafka cluster
 * @param topics               the topic catalogue the planner reads and writes
 * @param plannerApplicationId the planner's Kafka Streams {@code application.id}: the consumer group whose
 *                             committed offsets are the round's barrier
 * @param barrierTimeout       longest wait, per round, for the planner to commit the round's inputs and for its
 *                             placements to be readable; then the round fails with a {@link LockstepTimeoutException}
 * @param pollInterval         how long to wait between two looks at the planner's offsets (a poll of the
 *                             placements consumer, so placements are fetched while waiting)
 * @param forecasts            when a forecaster stage feeds the planner, the forecasts each round waits for; empty
 *                             when none runs (the planner then decides without forecasts, as it would anyway)
 * @param cells                when the planner runs several cells, the statuses each round waits for; empty with one
 * @param clientProperties     Kafka client properties (security and connection: {@code --kafka-config}) under the
 *                             link's own settings; empty by default
 */
public record LockstepConfig(String bootstrapServers, Topics topics, String plannerApplicationId,
                             Duration barrierTimeout, Duration pollInterval, Optional<ForecastBarrier> forecasts,
                             Optional<CellsBarrier> cells, Map<String, String> clientProperties) {

    /** Long enough for a cold start of the planner's first transaction. */
    public static final Duration DEFAULT_BARRIER_TIMEOUT = Duration.ofSeconds(60);

    /** Short next to the planner's commit interval (100 ms under exactly-once). */
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(20);

    public LockstepConfig {
        Objects.requireNonNull(bootstrapServers, "bootstrapServers");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(plannerApplicationId, "plannerApplicationId");
        Objects.requireNonNull(barrierTimeout, "barrierTimeout");
        Objects.requireNonNull(pollInterval, "pollInterval");
        Objects.requireNonNull(forecasts, "forecasts");
        Objects.requireNonNull(cells, "cells");
        clientProperties = Map.copyOf(clientProperties);
        if (bootstrapServers.isBlank()) {
            throw new IllegalArgumentException("bootstrapServers must not be blank");
        }
        if (plannerApplicationId.isBlank()) {
            throw new IllegalArgumentException("plannerApplicationId must not be blank");
        }
        if (barrierTimeout.isNegative() || barrierTimeout.isZero()) {
            throw new IllegalArgumentException("barrierTimeout must be > 0, was " + barrierTimeout);
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw new IllegalArgumentException("pollInterval must be > 0, was " + pollInterval);
        }
    }

    /** Settings without a forecaster to wait for. */
    public LockstepConfig(String bootstrapServers, Topics topics, String plannerApplicationId, Duration barrierTimeout,
                          Duration pollInterval) {
        this(bootstrapServers, topics, plannerApplicationId, barrierTimeout, pollInterval, Optional.empty(),
                Optional.empty(), Map.of());
    }

    /** These settings, each round also waiting for the forecasts {@code barrier} names. */
    public LockstepConfig withForecasts(ForecastBarrier barrier) {
        return new LockstepConfig(bootstrapServers, topics, plannerApplicationId, barrierTimeout, pollInterval,
                Optional.of(barrier), cells, clientProperties);
    }

    /** These settings, each round also waiting for the cells' statuses {@code barrier} names. */
    public LockstepConfig withCells(CellsBarrier barrier) {
        return new LockstepConfig(bootstrapServers, topics, plannerApplicationId, barrierTimeout, pollInterval,
                forecasts, Optional.of(barrier), clientProperties);
    }

    /** These settings with other Kafka client properties. */
    public LockstepConfig withClientProperties(Map<String, String> value) {
        return new LockstepConfig(bootstrapServers, topics, plannerApplicationId, barrierTimeout, pollInterval,
                forecasts, cells, value);
    }

    /** The client properties with the bootstrap servers and {@code own} over them. */
    public Map<String, Object> clientConfig(Map<String, Object> own) {
        var config = new HashMap<String, Object>(clientProperties);
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        config.putAll(own);
        return config;
    }

    /** The settings with the client properties' keys only: their values may hold passwords. */
    @Override
    public String toString() {
        return "LockstepConfig[bootstrapServers=" + bootstrapServers + ", topics=" + topics.prefix()
                + ", plannerApplicationId=" + plannerApplicationId + ", barrierTimeout=" + barrierTimeout
                + ", pollInterval=" + pollInterval + ", forecasts=" + forecasts + ", cells=" + cells.isPresent()
                + ", clientProperties="
                + new TreeSet<>(clientProperties.keySet()) + "]";
    }

    /** The default timeout and poll interval. */
    public static LockstepConfig of(String bootstrapServers, Topics topics, String plannerApplicationId) {
        return new LockstepConfig(bootstrapServers, topics, plannerApplicationId, DEFAULT_BARRIER_TIMEOUT,
                DEFAULT_POLL_INTERVAL);
    }
}
