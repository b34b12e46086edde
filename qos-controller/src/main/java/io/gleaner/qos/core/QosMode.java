package io.gleaner.qos.core;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The QoS controllers a node can be run under, parsed from configuration in one place ({@link #parse}). */
public enum QosMode {
    /** Throttle CPU, kill on RAM (Salamander §III-D, Algorithm 3; {@link SalamanderController}). */
    SALAMANDER("salamander", SalamanderController::new),
    /** Kill on any violation (Salamander §II-C, the baseline; {@link CuckooController}). */
    CUCKOO("cuckoo", CuckooController::new);

    private final String configValue;
    private final Function<QosSettings, QosPolicy> factory;

    QosMode(String configValue, Function<QosSettings, QosPolicy> factory) {
        this.configValue = configValue;
        this.factory = factory;
    }

    /** The name in configuration, e.g. {@code salamander}. */
    public String configValue() {
        return configValue;
    }

    /** A new controller of this mode with {@code settings}. */
    public QosPolicy create(QosSettings settings) {
        return factory.apply(Objects.requireNonNull(settings, "settings"));
    }

    /**
     * The mode named {@code value} (case-insensitive, surrounding blanks ignored).
     *
     * @throws IllegalArgumentException naming the value and the allowed names, e.g.
     *                                  {@code unknown QoS mode 'cucko'; expected one of salamander, cuckoo}
     */
    public static QosMode parse(String value) {
        Objects.requireNonNull(value, "QoS mode");
        var wanted = value.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(mode -> mode.configValue.equals(wanted))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown QoS mode '" + value + "'; expected one of "
                        + Arrays.stream(values()).map(QosMode::configValue).collect(Collectors.joining(", "))));
    }
}
