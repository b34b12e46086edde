package io.gleaner.planner.core;

import java.util.Arrays;
import java.util.BitSet;
import java.util.StringJoiner;

/**
 * An immutable set of task indexes, as bits: which tasks of a phase were launched, or succeeded
 * ({@link PhaseProgress}). A change makes a new set ({@link #with}, one copy of the words), so a record can hold it
 * without copying it on every construction and access, as it must a {@link BitSet}; its size and its leading run
 * are kept, so {@link #size()} and {@link #prefix()} cost nothing. A 60,000-task set is 938 words.
 */
public final class TaskSet {

    /** No task. */
    public static final TaskSet EMPTY = new TaskSet(new long[0]);

    /** The bits, lowest task first; never changed once made, and without trailing zero words. */
    private final long[] words;
    private final int size;
    private final int prefix;

    private TaskSet(long[] words) {
        this(words, count(words), -1);
    }

    private TaskSet(long[] words, int size, int prefix) {
        this.words = words;
        this.size = size;
        this.prefix = prefix >= 0 ? prefix : nextMissing(words, 0);
    }

    /** The tasks whose bits are set in {@code bits} (a copy). */
    public static TaskSet of(BitSet bits) {
        var words = bits.toLongArray();
        return words.length == 0 ? EMPTY : new TaskSet(words);
    }

    /** The tasks {@code from .. to-1}. */
    public static TaskSet range(int from, int to) {
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("task range must be 0 <= from <= to, was " + from + ".." + to);
        }
        var bits = new BitSet(to);
        bits.set(from, to);
        return of(bits);
    }

    /** The tasks of these indexes. */
    public static TaskSet of(int... indexes) {
        var bits = new BitSet();
        for (int index : indexes) {
            bits.set(index);
        }
        return of(bits);
    }

    /** The set that {@link #toByteArray()} wrote. */
    public static TaskSet valueOf(byte[] bytes) {
        return of(BitSet.valueOf(bytes));
    }

    /** Whether task {@code index} is in the set. */
    public boolean contains(int index) {
        int word = index >>> 6;
        return index >= 0 && word < words.length && (words[word] & (1L << index)) != 0;
    }

    /** Number of tasks in the set. */
    public int size() {
        return size;
    }

    /** Whether the set has no task. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Length of the leading run: tasks {@code 0 .. prefix-1} are in the set and task {@code prefix} is not. */
    public int prefix() {
        return prefix;
    }

    /** The highest task in the set plus one; 0 when empty. */
    public int length() {
        return words.length == 0 ? 0
                : Long.SIZE * (words.length - 1) + Long.SIZE - Long.numberOfLeadingZeros(words[words.length - 1]);
    }

    /** The smallest task {@code >= from} (>= 0) that is not in the set. */
    int nextMissing(int from) {
        return nextMissing(words, from);
    }

    private static int nextMissing(long[] words, int from) {
        int word = from >>> 6;
        if (word >= words.length) {
            return from;
        }
        long bits = ~words[word] & (-1L << from);
        while (bits == 0) {
            word++;
            if (word == words.length) {
                return word * Long.SIZE;
            }
            bits = ~words[word];
        }
        return word * Long.SIZE + Long.numberOfTrailingZeros(bits);
    }

    /** The smallest task {@code >= from} in the set, or -1 when there is none. */
    int nextPresent(int from) {
        int word = from >>> 6;
        if (word >= words.length) {
            return -1;
        }
        long bits = words[word] & (-1L << from);
        while (bits == 0) {
            word++;
            if (word == words.length) {
                return -1;
            }
            bits = words[word];
        }
        return word * Long.SIZE + Long.numberOfTrailingZeros(bits);
    }

    /** Word {@code index} of the bits (tasks {@code 64·index .. 64·index+63}); 0 past the last task. */
    long word(int index) {
        return index < words.length ? words[index] : 0L;
    }

    /** This set and task {@code index}; this instance when it holds the task already. */
    public TaskSet with(int index) {
        if (index < 0) {
            throw new IllegalArgumentException("task index must be >= 0, was " + index);
        }
        if (contains(index)) {
            return this;
        }
        int word = index >>> 6;
        var copy = Arrays.copyOf(words, Math.max(words.length, word + 1));
        copy[word] |= 1L << index;
        return new TaskSet(copy, size + 1, index == prefix ? nextMissing(copy, prefix) : prefix);
    }

    /** Whether every task of {@code other} is in this set. */
    public boolean containsAll(TaskSet other) {
        if (other.length() <= prefix) {
            return true;
        }
        for (int i = 0; i < other.words.length; i++) {
            if ((other.word(i) & ~word(i)) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The set as a new {@link BitSet}. */
    public BitSet toBitSet() {
        return BitSet.valueOf(words);
    }

    /** The set as {@link BitSet#toByteArray()} writes it. */
    public byte[] toByteArray() {
        return toBitSet().toByteArray();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TaskSet set && Arrays.equals(words, set.words);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(words);
    }

    /** The tasks, as {@link BitSet#toString()} lists them, e.g. {@code {0, 1, 5}}. */
    @Override
    public String toString() {
        var joiner = new StringJoiner(", ", "{", "}");
        for (int index = nextPresent(0); index >= 0; index = nextPresent(index + 1)) {
            joiner.add(Integer.toString(index));
        }
        return joiner.toString();
    }

    private static int count(long[] words) {
        int count = 0;
        for (long word : words) {
            count += Long.bitCount(word);
        }
        return count;
    }
}
