package io.gleaner.ingest.bitbrains;

/**
 * The names of a Bitbrains line's fields and how its header starts, for {@link BitbrainsLine#parse} (which reads
 * the numbers with {@link io.gleaner.ingest.trace.TraceNumbers#decimal}).
 */
final class BitbrainsFields {

    /** The fields' names in reasons, in file order (the file's own header spells MHz as MHZ). */
    static final String[] NAMES = {
        "Timestamp", "CPU cores", "CPU capacity provisioned [MHz]", "CPU usage [MHz]", "CPU usage [%]",
        "Memory capacity provisioned [KB]", "Memory usage [KB]", "Disk read throughput [KB/s]",
        "Disk write throughput [KB/s]", "Network received throughput [KB/s]",
        "Network transmitted throughput [KB/s]"};

    /** How the header line starts. */
    static final String HEADER_START = "Timestamp";

    private BitbrainsFields() {
    }
}
