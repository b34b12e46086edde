package io.gleaner.ingest.bitbrains;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One data line of a Bitbrains GWA-T-12 VM file with its absolute values, as {@link BitbrainsLine#parse} reads
 * it: what both {@link BitbrainsTraceReader} (fractions for {@code nodes.utilization}) and
 * {@link BitbrainsRowReader} (usage and capacity, for summing several VMs) are built on. The field order is
 * the file's; see {@link BitbrainsTraceReader} for the format.
 *
 * <p>A row that parsed may still be unusable for one resource: {@link #rejection(Resource)} says why (the
 * rule is the one {@link BitbrainsTraceReader} dead-letters a metric by), and {@link #usage(Resource)} is
 * only meaningful when it is empty.
 *
 * @param timestampSeconds       Unix time in seconds (the header says ms; the values are seconds)
 * @param cpuCores               CPU cores
 * @param cpuCapacityMhz         CPU capacity provisioned [MHz]
 * @param cpuUsageMhz            CPU usage [MHz]
 * @param cpuUsagePercent        CPU usage [%]
 * @param memoryCapacityKb       memory capacity provisioned [KB]
 * @param memoryUsageKb          memory usage [KB]
 * @param diskReadKbps           disk read throughput [KB/s]
 * @param diskWriteKbps          disk write throughput [KB/s]
 * @param networkReceivedKbps    network received throughput [KB/s]
 * @param networkTransmittedKbps network transmitted throughput [KB/s]
 */
public record BitbrainsRow(long timestampSeconds, double cpuCores, double cpuCapacityMhz, double cpuUsageMhz,
                           double cpuUsagePercent, double memoryCapacityKb, double memoryUsageKb,
                           double diskReadKbps, double diskWriteKbps, double networkReceivedKbps,
                           double networkTransmittedKbps) {

    /** Largest usage / capacity kept (as 1, i.e. usage = capacity); above it the resource is rejected. */
    public static final double MAX_OVER_CAPACITY = 1.25;

    /** Largest timestamp accepted, in seconds: its milliseconds still fit in a long. */
    public static final long MAX_SECONDS = Long.MAX_VALUE / 1000;

    /** The two resources a row gives a usage and a capacity of. */
    public enum Resource {
        /** CPU usage and capacity provisioned, in MHz. */
        CPU(BitbrainsFields.NAMES[3], BitbrainsFields.NAMES[2]),
        /** Memory usage and capacity provisioned, in KB. */
        MEMORY(BitbrainsFields.NAMES[6], BitbrainsFields.NAMES[5]);

        private final String usageField;
        private final String capacityField;

        Resource(String usageField, String capacityField) {
            this.usageField = usageField;
            this.capacityField = capacityField;
        }
    }

    public BitbrainsRow {
        if (timestampSeconds < 0 || timestampSeconds > MAX_SECONDS) {
            throw new IllegalArgumentException("timestampSeconds must be in [0, " + MAX_SECONDS + "], was "
                    + timestampSeconds);
        }
    }

    /** The row's time, {@code Instant.ofEpochSecond(timestampSeconds)}. */
    public Instant time() {
        return Instant.ofEpochSecond(timestampSeconds);
    }

    /** Usage of a resource as the row gives it (MHz or KB), not clamped. */
    public double usage(Resource resource) {
        return Objects.requireNonNull(resource, "resource") == Resource.CPU ? cpuUsageMhz : memoryUsageKb;
    }

    /** Capacity provisioned of a resource as the row gives it (MHz or KB). */
    public double capacity(Resource resource) {
        return Objects.requireNonNull(resource, "resource") == Resource.CPU ? cpuCapacityMhz : memoryCapacityKb;
    }

    /**
     * Why this row gives no value for a resource, or empty when it does: the capacity is not above 0 (the trace
     * has all-zero rows for VMs that were not measured), the usage is negative, or the usage exceeds
     * {@value #MAX_OVER_CAPACITY} times the capacity. The reason names the field and its value.
     */
    public Optional<String> rejection(Resource resource) {
        double usage = usage(resource);
        double capacity = capacity(resource);
        if (!(capacity > 0)) {
            return Optional.of(resource.capacityField + " must be > 0, was " + capacity + "; no " + resource
                    + " sample");
        }
        if (usage < 0) {
            return Optional.of(resource.usageField + " must be >= 0, was " + usage + "; no " + resource + " sample");
        }
        if (usage / capacity > MAX_OVER_CAPACITY) {
            return Optional.of(resource.usageField + " " + usage + " is more than " + MAX_OVER_CAPACITY + " times "
                    + resource.capacityField + " " + capacity + "; no " + resource + " sample");
        }
        return Optional.empty();
    }

    /**
     * Whether a resource's usage is above its capacity (by at most {@value #MAX_OVER_CAPACITY} times): the VM was
     * saturated, and {@link #usedOfCapacity} counts it as using its whole capacity.
     */
    public boolean overCapacity(Resource resource) {
        return rejection(resource).isEmpty() && usage(resource) > capacity(resource);
    }

    /**
     * What a resource uses, clamped to its capacity: {@code min(usage, capacity)} in MHz or KB. The trace
     * reports CPU usage above the provisioned capacity on about 11% of its rows (its own {@code CPU usage [%]}
     * reaches 111.7), which means the VM was saturated, not that the row is wrong.
     *
     * @throws IllegalStateException if the resource is rejected ({@link #rejection(Resource)})
     */
    public double usedOfCapacity(Resource resource) {
        var rejection = rejection(resource);
        if (rejection.isPresent()) {
            throw new IllegalStateException(rejection.get());
        }
        return Math.min(usage(resource), capacity(resource));
    }

    /**
     * The fraction of a resource in use, {@code usedOfCapacity / capacity}, in [0, 1].
     *
     * @throws IllegalStateException if the resource is rejected ({@link #rejection(Resource)})
     */
    public double fraction(Resource resource) {
        return usedOfCapacity(resource) / capacity(resource);
    }
}
