package io.gleaner.ingest.alibaba;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code status} of a batch task or instance in cluster-trace-v2018. The trace's maintainers explain them in
 * github.com/alibaba/clusterdata issue #9: a task is Terminated when all its instances are done, Waiting before it
 * is initialised, Running while processed, Failed when it fails; an instance is Terminated when done, Waiting
 * while its dependencies have not finished, Running on a worker, Failed when it fails, and Interrupted when it
 * stops as a backup instance. Ready and Cancelled appear in the trace as well.
 */
public enum AlibabaBatchStatus {
    TERMINATED("Terminated"),
    FAILED("Failed"),
    RUNNING("Running"),
    WAITING("Waiting"),
    READY("Ready"),
    CANCELLED("Cancelled"),
    INTERRUPTED("Interrupted");

    private final String label;

    AlibabaBatchStatus(String label) {
        this.label = label;
    }

    /** The status as the trace spells it, e.g. {@code Terminated}. */
    public String label() {
        return label;
    }

    /** The status the trace spells {@code text} (case ignored), if it is one. */
    public static Optional<AlibabaBatchStatus> parse(String text) {
        for (var status : values()) {
            if (status.label.equalsIgnoreCase(text)) {
                return Optional.of(status);
            }
        }
        return Optional.empty();
    }

    /** The statuses as the trace spells them, comma-separated, for messages. */
    static String labels() {
        return Arrays.stream(values()).map(AlibabaBatchStatus::label).collect(Collectors.joining(", "));
    }
}
