package io.gleaner.deploy.cli;

import io.gleaner.runtime.EventTimeBound;
import io.gleaner.runtime.StageSettings;
import java.time.Duration;
import java.time.InstantSource;
import picocli.CommandLine.Option;

/**
 * The bound on event times after the wall clock ({@link StageSettings#maxEventTimeAhead()}): the stages of the commands
 * that run them take no later input, and a replay sends no later record.
 */
final class EventTimeOption {

    @Option(names = "--max-event-time-ahead", defaultValue = "PT15M", paramLabel = "DURATION",
            description = "Stages dead-letter an input whose event time is more than this after the wall clock, "
                    + "since the broker refuses what they would write with it (ISO-8601, default: ${DEFAULT-VALUE}; "
                    + "keep it well below the broker's log.message.timestamp.after.max.ms, one hour by default).")
    Duration maxEventTimeAhead = EventTimeBound.DEFAULT_MAX_AHEAD;

    /** This bound against the system's wall clock, for a command that checks event times itself (replay). */
    EventTimeBound bound() {
        return new EventTimeBound(maxEventTimeAhead, InstantSource.system());
    }

    /** {@code settings} with this bound. */
    StageSettings applyTo(StageSettings settings) {
        return settings.withMaxEventTimeAhead(maxEventTimeAhead);
    }
}
