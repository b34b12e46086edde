package io.gleaner.ingest.validation;

/** A check a utilization sample must pass before it is published; a failure names one of these. */
public enum ValidationRule {
    /** The value, after unit conversion, is outside [0, 1] (or the time does not fit in epoch milliseconds). */
    OUT_OF_RANGE,
    /** The value is NaN or infinite. */
    NOT_A_NUMBER,
    /**
     * A record names a unit the parser does not know; raised by mapping-driven parsers (and counted with
     * {@link SampleValidator#countRejected}), never by {@link SampleValidator#check}.
     */
    UNKNOWN_UNIT,
    /** The time is earlier than the previous accepted sample of the same (node, metric, source). */
    TIME_BACKWARDS,
    /** The time equals the previous accepted sample's of the same (node, metric, source). */
    DUPLICATE,
    /** The node is not in the validator's known nodes (only when that set is non-empty). */
    UNKNOWN_HOST
}
