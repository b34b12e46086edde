package io.gleaner.deploy.fuzz;

import java.util.Objects;

/**
 * What a hostile record must do to the stages that read it: the test's oracle, decided when the record is made.
 *
 * <ul>
 *   <li>{@link Outcome#UNDECODABLE}: the topic's deserializer cannot read it (or it is a null value where a record
 *       is expected): <b>every</b> reader must dead-letter it, since every reader decodes it on its own.</li>
 *   <li>{@link Outcome#INVALID}: it decodes, but a field, its key, or its relation to earlier records breaks a rule of
 *       issue 23 (ranges, NaN, times before 1970 or more than an hour ahead, string lengths, task counts, resource
 *       requests, deadlines after submission, keys that are the record's id, no conflicting resubmission): <b>at
 *       least one</b> reader must dead-letter it.</li>
 *   <li>{@link Outcome#VALID}: nothing is required; a reader may still dead-letter it for what it knows and the
 *       generator does not (e.g. a sample older than the forecaster's window once stream time moved on).</li>
 * </ul>
 *
 * @param why what was done to the record, for the summary and the failure message
 */
public record Expectation(Outcome outcome, String why) {

    /** The three outcomes. */
    public enum Outcome { UNDECODABLE, INVALID, VALID }

    public Expectation {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(why, "why");
    }

    static Expectation undecodable(String why) {
        return new Expectation(Outcome.UNDECODABLE, why);
    }

    static Expectation invalid(String why) {
        return new Expectation(Outcome.INVALID, why);
    }

    static Expectation valid(String why) {
        return new Expectation(Outcome.VALID, why);
    }
}
