package io.gleaner.runtime;

import java.util.Objects;
import java.util.Optional;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.StreamsException;

/**
 * A stage that stopped for good without being closed: Kafka Streams went to {@code ERROR}, or to {@code NOT_RUNNING}
 * without {@link StreamsStage#close()}. It processes nothing more until its process is started again.
 *
 * @param stage         what the stage is, e.g. {@code planner}
 * @param applicationId its Kafka Streams application id
 * @param state         the state it stopped in
 * @param error         the error that stopped it, when one did
 */
public record StageStop(String stage, String applicationId, KafkaStreams.State state, Optional<Throwable> error) {

    public StageStop {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(applicationId, "applicationId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(error, "error");
    }

    /** One line for the operator: which stage, in which state, and why. */
    public String describe() {
        return "stage " + stage + " (application id " + applicationId + ") stopped for good in state " + state
                + error.map(e -> ": " + cause(e)).orElse(" without an error");
    }

    /**
     * The error as the stage's own code raised it: Kafka Streams wraps it in {@link StreamsException}s whose messages
     * repeat the whole stack trace, so the first cause that is not one of those, or the innermost.
     */
    private static String cause(Throwable error) {
        var cause = error;
        while (cause instanceof StreamsException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause.toString();
    }
}
