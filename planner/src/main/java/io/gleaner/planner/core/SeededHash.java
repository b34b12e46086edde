package io.gleaner.planner.core;

/**
 * Stafford's variant 13 of MurmurHash3's 64-bit finaliser (SplitMix64's), for draws that must not depend on a
 * random generator's state: ties between users (COSHH) and the order of nodes for a dataset's replicas, each from a
 * seed and the things drawn for, so that a replay draws the same.
 */
public final class SeededHash {

    private SeededHash() {
    }

    /** Spreads nearby inputs over all 64 bits. */
    public static long mix(long value) {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
