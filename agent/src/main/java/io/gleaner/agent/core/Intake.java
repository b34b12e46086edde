package io.gleaner.agent.core;

/** What the agent does with a placement it read: hold and run it, refuse it with a report, or skip it. */
public sealed interface Intake {

    /** Held; launch it at its {@code notBefore}. */
    record Take(Held held) implements Intake {
    }

    /** Refused; send the report, hold nothing. */
    record Refuse(Report report) implements Intake {
    }

    /** Not for this agent or already taken (docs/executor-protocol.md §3, §6); nothing to send. */
    record Skip(String why) implements Intake {
    }
}
