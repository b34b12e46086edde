package io.gleaner.ingest.replay;

import java.nio.charset.StandardCharsets;

/**
 * Keeps a seeded, stateless sample of record keys (node ids, job ids): a key is kept when a hash of
 * (seed, key) falls under the fraction, so the same seed keeps the same keys on every run and in every
 * trace of a data set (a node kept in {@code machine_meta} is kept in {@code machine_usage}), whatever the
 * order or the number of rows.
 *
 * <p>The hash is FNV-1a (64 bits) over the key's UTF-8 bytes, xored with the seed and passed through the
 * SplitMix64 finaliser, whose avalanche spreads neighbouring keys (m_1, m_2, ...) and neighbouring seeds
 * over the whole range. Its top 53 bits, as a fraction of 2^53, are compared with the sampling fraction:
 * fraction 1 keeps every key, and a key kept at a fraction is kept at every larger one.
 *
 * @param fraction share of keys to keep, in (0, 1]
 * @param seed the seed; another seed keeps another subset
 */
public record KeySampler(double fraction, long seed) {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;
    private static final double TWO_TO_53 = 0x1p53;

    public KeySampler {
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("sampling fraction must be in (0, 1], was " + fraction);
        }
    }

    /** A sampler that keeps every key. */
    public static KeySampler all() {
        return new KeySampler(1.0, 0);
    }

    /** Whether every key is kept. */
    public boolean keepsAll() {
        return fraction == 1.0;
    }

    /** Whether records with this key are replayed. */
    public boolean keeps(String key) {
        if (keepsAll()) {
            return true;
        }
        return unitHash(key) < fraction;
    }

    @Override
    public String toString() {
        return keepsAll() ? "all keys" : "fraction " + fraction + " seed " + seed;
    }

    /** The key's hash under this seed as a number in [0, 1). */
    double unitHash(String key) {
        long h = FNV_OFFSET;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= FNV_PRIME;
        }
        return (mix(h ^ seed) >>> 11) / TWO_TO_53;
    }

    /** SplitMix64's finaliser (Steele, Lea, Flood 2014): a bijection on longs with full avalanche. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
