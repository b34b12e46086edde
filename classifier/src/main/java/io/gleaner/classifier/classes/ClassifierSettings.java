package io.gleaner.classifier.classes;

import java.time.Duration;

/**
 * The settings of one {@link JobClassifier}.
 *
 * @param k the number of classes k-means looks for (COSHH section 3.1 sets it to the number of users), &gt;= 1;
 *     split over priorities (each priority gets at least one class, so there are max(k, priorities) classes or
 *     fewer when there are fewer distinct jobs)
 * @param seed the seed of the k-means++ generator ({@code Well19937c})
 * @param historySize how many of the most recent jobs (in order of classification) are kept and re-clustered,
 *     &gt;= 1
 * @param arrivalWindow the trailing event-time window over which a user's arrival rate is counted, &gt; 0
 * @param fitTolerance a job fits a class when its distance to the centroid is at most this times the class's radius,
 *     &gt;= 1
 * @param minRadius the smallest radius a class is given (a singleton has radius 0), in feature units (decades), &gt; 0
 * @param maxIterations the k-means iteration limit, &gt;= 1
 * @param minSpan the smallest history span α is divided by (guards a span of 0), &gt; 0
 */
public record ClassifierSettings(int k, long seed, int historySize, Duration arrivalWindow, double fitTolerance,
        double minRadius, int maxIterations, Duration minSpan) {

    /** Default history: the 2,000 most recent jobs. */
    public static final int DEFAULT_HISTORY_SIZE = 2_000;
    /** Default arrival window: one hour. */
    public static final Duration DEFAULT_ARRIVAL_WINDOW = Duration.ofHours(1);
    /** Default fit tolerance: 1.2 times the class radius. */
    public static final double DEFAULT_FIT_TOLERANCE = 1.2;
    /** Default minimum radius: 0.3 decades, a factor of 2 in a rate. */
    public static final double DEFAULT_MIN_RADIUS = 0.3;
    /** Default k-means iteration limit. */
    public static final int DEFAULT_MAX_ITERATIONS = 100;
    /** Default minimum span: one second. */
    public static final Duration DEFAULT_MIN_SPAN = Duration.ofSeconds(1);

    public ClassifierSettings {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        if (historySize < 1) {
            throw new IllegalArgumentException("historySize must be >= 1, was " + historySize);
        }
        if (arrivalWindow == null || arrivalWindow.isNegative() || arrivalWindow.isZero()) {
            throw new IllegalArgumentException("arrivalWindow must be > 0, was " + arrivalWindow);
        }
        if (!(fitTolerance >= 1) || Double.isInfinite(fitTolerance)) {
            throw new IllegalArgumentException("fitTolerance must be finite and >= 1, was " + fitTolerance);
        }
        if (!(minRadius > 0) || Double.isInfinite(minRadius)) {
            throw new IllegalArgumentException("minRadius must be finite and > 0, was " + minRadius);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("maxIterations must be >= 1, was " + maxIterations);
        }
        if (minSpan == null || minSpan.isNegative() || minSpan.isZero()) {
            throw new IllegalArgumentException("minSpan must be > 0, was " + minSpan);
        }
    }

    /** The defaults with the given k and seed. */
    public static ClassifierSettings defaults(int k, long seed) {
        return new ClassifierSettings(k, seed, DEFAULT_HISTORY_SIZE, DEFAULT_ARRIVAL_WINDOW, DEFAULT_FIT_TOLERANCE,
                DEFAULT_MIN_RADIUS, DEFAULT_MAX_ITERATIONS, DEFAULT_MIN_SPAN);
    }

    /** These settings with another k. */
    public ClassifierSettings withK(int newK) {
        return new ClassifierSettings(newK, seed, historySize, arrivalWindow, fitTolerance, minRadius, maxIterations,
                minSpan);
    }

    /** These settings with another history size. */
    public ClassifierSettings withHistorySize(int size) {
        return new ClassifierSettings(k, seed, size, arrivalWindow, fitTolerance, minRadius, maxIterations, minSpan);
    }
}
