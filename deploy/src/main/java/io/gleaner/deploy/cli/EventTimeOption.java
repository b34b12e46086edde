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

    @Option(names = "--max-event-time-ahead", defaultValue = EventTimeBound.DEFAULT_MAX_AHEAD_TEXT,
            paramLabel = "DURATION", description = StageSettings.MAX_EVENT_TIME_AHEAD_DOC + " ("
                    + StageSettings.MAX_EVENT_TIME_AHEAD + ", default: ${DEFAULT-VALUE})")
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
