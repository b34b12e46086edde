package io.gleaner.ingest.bitbrains;

/** The names of a Bitbrains line's fields and the number rule {@link BitbrainsLine#parse} applies to them. */
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

    /**
     * A finite decimal number, or NaN when the text is not one. {@link Double#parseDouble} alone would
     * also take {@code NaN}, {@code Infinity} and a trailing {@code d} or {@code f}.
     */
    static double decimal(String text) {
        if (text.isEmpty()) {
            return Double.NaN;
        }
        char last = text.charAt(text.length() - 1);
        if (last != '.' && (last < '0' || last > '9')) {
            return Double.NaN;
        }
        try {
            double value = Double.parseDouble(text);
            return Double.isInfinite(value) ? Double.NaN : value;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
