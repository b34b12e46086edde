package io.gleaner.forecaster.core;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How {@link QuantileRegressionForecaster} builds and fits its model.
 *
 * @param features        features besides the intercept
 * @param bucketSteps     steps per horizon bucket: one model per bucket (direct strategy), e.g. 80 (4 h of 3 min) or 480 (one model for the day)
 * @param originStride    training origins every this many steps, e.g. 20 (1 h)
 * @param targetStride    training targets every this many steps within a bucket, e.g. 8
 * @param levelSteps      steps of the recent level, e.g. 20 (1 h)
 * @param spreadSteps     steps of the recent spread, e.g. 120 (6 h)
 * @param seasonalWindow  steps either side of the time of day for the seasonal quantile, e.g. 10 (30 min)
 * @param minSamples      fewer training rows than this in a bucket and the bucket falls back to max-24h
 * @param maxIterations   MM steps at most
 * @param fitTailFactor   the model for level tau is fitted at {@code 1 - (1 - tau) * fitTailFactor}, above 0: below
 *                        1 it aims past the level to make up for the in-sample optimism of a high quantile, above 1
 *                        short of it (e.g. 2 fits 0.98 for 0.99, for a member of an {@link EnvelopeForecaster}
 *                        whose other members and headroom cover the rest); a level that falls outside (0, 1) is
 *                        rejected when the forecast is asked for
 */
public record QrSettings(Set<QrFeature> features, int bucketSteps, int originStride, int targetStride,
                         int levelSteps, int spreadSteps, int seasonalWindow, int minSamples, int maxIterations,
                         double fitTailFactor) {

    public QrSettings {
        Objects.requireNonNull(features, "features");
        features = features.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(features));
        positive("bucketSteps", bucketSteps);
        positive("originStride", originStride);
        positive("targetStride", targetStride);
        positive("levelSteps", levelSteps);
        positive("spreadSteps", spreadSteps);
        positive("minSamples", minSamples);
        positive("maxIterations", maxIterations);
        if (!(fitTailFactor > 0 && Double.isFinite(fitTailFactor))) {
            throw new IllegalArgumentException("fitTailFactor must be > 0 and finite, was " + fitTailFactor);
        }
        if (seasonalWindow < 0) {
            throw new IllegalArgumentException("seasonalWindow must be >= 0, was " + seasonalWindow);
        }
    }

    /**
     * The chosen defaults for a 3-minute step, each picked by the walk-forward measurements on the Bitbrains month (40
     * VMs, 23 origins, q = 0.99; see docs/results/2026-11-27-forecaster-accuracy.md): the seasonal quantile as the only
     * feature besides the intercept (every other feature added raised the out-of-sample pinball loss: 0.00400 with the
     * seasonal quantile alone, 0.00925 with all seven); one bucket for the whole day (0.00390 against 0.00400 for six
     * 4-hour buckets and 0.00401 for twelve 2-hour ones, the target's time of day already entering through the
     * feature); training origins every hour and targets every 24 minutes (four times the rows, origins every 30 minutes
     * and targets every 12, gave 0.00385 but quadrupled the refit time, to about 40 s for 2,000 series).
     */
    public static QrSettings defaults() {
        return new QrSettings(EnumSet.of(QrFeature.SEASONAL_QUANTILE), 480, 20, 8, 20, 120, 10, 60, 60, 1.0);
    }

    /** These settings with other features. */
    public QrSettings withFeatures(Set<QrFeature> other) {
        return new QrSettings(other, bucketSteps, originStride, targetStride, levelSteps, spreadSteps,
                seasonalWindow, minSamples, maxIterations, fitTailFactor);
    }

    /** These settings with another bucket size. */
    public QrSettings withBucketSteps(int steps) {
        return new QrSettings(features, steps, originStride, targetStride, levelSteps, spreadSteps,
                seasonalWindow, minSamples, maxIterations, fitTailFactor);
    }

    /** These settings with another fit tail factor. */
    public QrSettings withFitTailFactor(double factor) {
        return new QrSettings(features, bucketSteps, originStride, targetStride, levelSteps, spreadSteps,
                seasonalWindow, minSamples, maxIterations, factor);
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, was " + value);
        }
    }
}
