package io.gleaner.classifier.estimate;

/**
 * A running mean and the number of samples behind it, so two means can be merged exactly by count: seed 003
 * §3.3.1's {@code µ = Σ_{i∈C} α_i / |C|}, kept online.
 *
 * @param count samples, &gt;= 1
 * @param mean  their mean, finite and &gt;= 0 (a task length in milliseconds)
 */
public record OnlineMean(long count, double mean) {

    public OnlineMean {
        if (count < 1) {
            throw new IllegalArgumentException("count must be >= 1, was " + count);
        }
        if (!Double.isFinite(mean) || mean < 0) {
            throw new IllegalArgumentException("mean must be finite and >= 0, was " + mean);
        }
    }

    /** The mean of one sample. */
    public static OnlineMean of(double sample) {
        return new OnlineMean(1, sample);
    }

    /** This mean with one more sample: {@code mean + (x − mean) / (count + 1)}. */
    public OnlineMean add(double sample) {
        long n = count + 1;
        return new OnlineMean(n, Math.max(0, mean + (sample - mean) / n));
    }

    /** The mean of both sample sets, weighted by count; commutative, and associative up to rounding. */
    public OnlineMean merge(OnlineMean other) {
        long n = count + other.count;
        return new OnlineMean(n, Math.max(0, (mean * count + other.mean * other.count) / n));
    }
}
