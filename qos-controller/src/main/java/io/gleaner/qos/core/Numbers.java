package io.gleaner.qos.core;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** How reasons print numbers: cores to three decimals without trailing zeros, bytes whole. */
final class Numbers {

    private Numbers() {
    }

    /** {@code 2.5} as "2.5", {@code 0.30000000000000004} as "0.3". */
    static String cores(double value) {
        return BigDecimal.valueOf(value).setScale(3, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }

    /** Bytes with a unit, e.g. "1073741824 B". */
    static String bytes(long value) {
        return value + " B";
    }
}
