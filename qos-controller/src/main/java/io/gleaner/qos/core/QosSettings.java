package io.gleaner.qos.core;

import java.time.Duration;
import java.util.Objects;

/**
 * How the QoS controller runs (Salamander §III-D): its period, the safety margin S(m) per metric (Eq. 1) and the
 * share of the RAM margin tasks may eat into before kills start (Algorithm 3 line 8), and how CPU limits are stepped.
 *
 * @param period             how much event time passes between two ticks of a node, > 0; the paper's "e.g., every
 *                           100 ms" ({@link #DEFAULT_PERIOD})
 * @param cpuSafetyMargin    S(cpu), the share of the node's cores kept from the tasks, in [0, 1)
 * @param ramSafetyMargin    S(ram), the share of the node's RAM kept from the tasks, in [0, 1)
 * @param ramThresholdShare  the share of the RAM margin the tasks may use before kills start, in [0, 1]; the paper's
 *                           {@code smThreshold = sm * 50%} (Algorithm 3 line 8)
 * @param cpuStepsPerCore    CPU limits are whole multiples of {@code 1 / cpuStepsPerCore} cores, rounded down (so a
 *                           limit never gives the tasks more than the owners leave); >= 1
 * @param maxCpuRaiseCores   the most one tick may raise the CPU limit by, > 0; {@code +Infinity} (the default) is the
 *                           paper's rule, Algorithm 3 line 6 {@code increaseTasksCpuLimit(cpuLimit)}: straight to the
 *                           CPU the owners leave. A finite value makes the raise gradual (an addition of ours).
 */
public record QosSettings(Duration period, double cpuSafetyMargin, double ramSafetyMargin, double ramThresholdShare,
                          int cpuStepsPerCore, double maxCpuRaiseCores) {

    /** Salamander §III-D: the controller "periodically (e.g., every 100 ms) controls tasks' resource utilization". */
    public static final Duration DEFAULT_PERIOD = Duration.ofMillis(100);

    /**
     * 10 % for both CPU and RAM. The paper evaluates S(m) from 0 to 30 % (§IV-A) and concludes that "depending on the
     * error rate of predictions, we might not have to use a safety margin with more than 10 %" (§IV-B1); its table
     * III runs at 5 %. We take the paper's upper recommendation, the safer of the two.
     */
    public static final double DEFAULT_SAFETY_MARGIN = 0.10;

    /** Salamander §III-D: "a predefined threshold of the safety margin (set to 50 %)"; Algorithm 3 line 8. */
    public static final double DEFAULT_RAM_THRESHOLD_SHARE = 0.5;

    /**
     * 100 steps per core, i.e. limits in hundredths of a core: the smallest CPU quota cgroup v2 accepts is 1 ms per
     * 100 ms period ({@code cpu.max}), 0.01 core. It also keeps a limit from moving by rounding noise.
     */
    public static final int DEFAULT_CPU_STEPS_PER_CORE = 100;

    public QosSettings {
        Objects.requireNonNull(period, "period");
        if (period.isZero() || period.isNegative()) {
            throw new IllegalArgumentException("period must be > 0, was " + period);
        }
        requireMargin("cpuSafetyMargin", cpuSafetyMargin);
        requireMargin("ramSafetyMargin", ramSafetyMargin);
        if (!(ramThresholdShare >= 0 && ramThresholdShare <= 1)) {
            throw new IllegalArgumentException("ramThresholdShare must be in [0, 1], was " + ramThresholdShare);
        }
        if (cpuStepsPerCore < 1) {
            throw new IllegalArgumentException("cpuStepsPerCore must be >= 1, was " + cpuStepsPerCore);
        }
        if (!(maxCpuRaiseCores > 0)) {
            throw new IllegalArgumentException("maxCpuRaiseCores must be > 0 (Infinity to raise straight to what the "
                    + "owners leave), was " + maxCpuRaiseCores);
        }
    }

    private static void requireMargin(String name, double value) {
        if (!(value >= 0 && value < 1)) {
            throw new IllegalArgumentException(name + " must be in [0, 1), was " + value);
        }
    }

    /** The defaults: 100 ms, 10 % margins, 50 % threshold, 0.01-core steps, raise straight to what the owners leave. */
    public static QosSettings defaults() {
        return new QosSettings(DEFAULT_PERIOD, DEFAULT_SAFETY_MARGIN, DEFAULT_SAFETY_MARGIN,
                DEFAULT_RAM_THRESHOLD_SHARE, DEFAULT_CPU_STEPS_PER_CORE, Double.POSITIVE_INFINITY);
    }

    /** These settings with other safety margins. */
    public QosSettings withSafetyMargins(double cpu, double ram) {
        return new QosSettings(period, cpu, ram, ramThresholdShare, cpuStepsPerCore, maxCpuRaiseCores);
    }

    /** These settings with another largest raise per tick. */
    public QosSettings withMaxCpuRaiseCores(double value) {
        return new QosSettings(period, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare, cpuStepsPerCore, value);
    }

    /** These settings with another period. */
    public QosSettings withPeriod(Duration value) {
        return new QosSettings(value, cpuSafetyMargin, ramSafetyMargin, ramThresholdShare, cpuStepsPerCore,
                maxCpuRaiseCores);
    }

    /**
     * {@code cores} rounded down to a whole number of CPU steps. The 1e-9 step absorbs binary rounding (0.29 * 100 is
     * 28.999999999999996) so that a value already on the grid stays put; dividing by the step count gives the double
     * closest to the decimal (0.29, not 0.29000000000000004).
     */
    double floorToCpuStep(double cores) {
        return Math.floor(cores * cpuStepsPerCore + 1e-9) / cpuStepsPerCore;
    }
}
