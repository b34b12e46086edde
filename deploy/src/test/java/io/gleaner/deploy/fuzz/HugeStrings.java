package io.gleaner.deploy.fuzz;

import java.util.random.RandomGenerator;

/** Strings longer than any field should be: past 64 KiB (Java's modified-UTF-8 limit), and up to the broker's limit. */
final class HugeStrings {

    /** The broker's default {@code message.max.bytes}, which a topic's {@code max.message.bytes} inherits. */
    static final int BROKER_LIMIT = 1_048_588;
    /** The shortest huge string: longer than 65,535, the limit of {@code DataOutput.writeUTF}. */
    static final int HUGE = 70_000;

    private HugeStrings() {
    }

    /** 70,000 to 120,000 characters. */
    static String huge(RandomGenerator random) {
        return of(random, HUGE + random.nextInt(50_000));
    }

    /** A string that makes a record of a few hundred other bytes come within 10 KB of the broker's limit. */
    static String nearLimit(RandomGenerator random) {
        return of(random, BROKER_LIMIT - 2_000 - random.nextInt(8_000));
    }

    /** {@code length} characters: letters, with a non-ASCII one now and then (two bytes in UTF-8). */
    static String of(RandomGenerator random, int length) {
        var chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ('a' + random.nextInt(26));
        }
        // A few two-byte characters, so that character and byte counts differ.
        for (int i = 0; i < Math.min(16, length); i++) {
            chars[random.nextInt(length)] = '\u00e9';
        }
        return new String(chars);
    }
}
