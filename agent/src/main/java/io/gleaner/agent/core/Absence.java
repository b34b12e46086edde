package io.gleaner.agent.core;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * How long a restarted agent was away, and whether the planner has lost its node meanwhile (docs/agent.md
 * "Restarts"): the protocol's node timeout is three heartbeat periods by default (docs/executor-protocol.md §5, §11),
 * so an agent silent for longer assumes the planner placed its attempts again elsewhere and kills those it left
 * running, instead of letting them run a second time to completion.
 *
 * @param lastHeartbeat its previous run's last heartbeat, if it left one
 * @param now           when it starts again
 */
public record Absence(Optional<Instant> lastHeartbeat, Instant now) {

    /** Node timeout = this many heartbeat periods (Hadoop's, the protocol's default). */
    public static final int PERIODS_TO_LOSS = 3;

    /** Whether the node was silent longer than {@value #PERIODS_TO_LOSS} heartbeat periods of {@code heartbeat}. */
    public boolean lost(Duration heartbeat) {
        return lastHeartbeat.isPresent()
                && Duration.between(lastHeartbeat.get(), now).compareTo(heartbeat.multipliedBy(PERIODS_TO_LOSS)) > 0;
    }

    /** The reason a left attempt is killed with. */
    public String reason(Duration heartbeat) {
        return "the agent was away " + Duration.between(lastHeartbeat.orElse(now), now).toMillis() / 1000.0
                + " s, longer than " + PERIODS_TO_LOSS + " heartbeat periods: its node is lost and the attempt placed "
                + "again";
    }
}
