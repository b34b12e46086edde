package io.gleaner.schemas;

/** How Kafka keeps a topic's records: all of them for a time ({@code delete}) or the latest per key ({@code compact}). */
public enum CleanupPolicy {
    DELETE("delete"),
    COMPACT("compact");

    private final String configValue;

    CleanupPolicy(String configValue) {
        this.configValue = configValue;
    }

    /** The value of the topic's {@code cleanup.policy} setting. */
    public String configValue() {
        return configValue;
    }
}
