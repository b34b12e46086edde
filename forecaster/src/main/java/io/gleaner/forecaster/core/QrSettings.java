package io.gleaner.forecaster.core;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * How {@link QuantileRegressionForecaster} builds and fits its model.
 *
 * @param features        features besides the intercept
 * @param bucketSteps     steps per horizon bucket: one model per bucket (direct strategy), e.g. 80 (4 h of 3 min)
 * @param originStride    training origins every this many steps, e.g. 20 (1 h)
 * @param targetStride    training targets every this many steps within a bucket, e.g. 8
 * @param levelSteps      steps of the recent level, e.g. 20 (1 h)
 * @param spreadSteps     steps of the recent spread, e.g. 120 (6 h)
 * @param seasonalWindow  steps either side of the time of day for the seasonal quantile, e.g. 10 (30 min)
 * @param minSamples      fewer training rows than this in a bucket and the bucket falls back to max-24h
 * @param maxIterations   MM steps at most
 */
public record QrSettings(Set<QrFeature> features, int bucketSteps, int originStride, int targetStride,
                         int levelSteps, int spreadSteps, int seasonalWindow, int minSamples, int maxIterations) {

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
        if (seasonalWindow < 0) {
            throw new IllegalArgumentException("seasonalWindow must be >= 0, was " + seasonalWindow);
        }
    }

    /** The chosen defaults for a 3-minute step (see the forecaster's README section for the measurements). */
    public static QrSettings defaults() {
        return new QrSettings(EnumSet.allOf(QrFeature.class), 80, 20, 8, 20, 120, 10, 60, 60);
    }

    /** These settings with other features. */
    public QrSettings withFeatures(Set<QrFeature> other) {
        return new QrSettings(other, bucketSteps, originStride, targetStride, levelSteps, spreadSteps,
                seasonalWindow, minSamples, maxIterations);
    }

    /** These settings with another bucket size. */
    public QrSettings withBucketSteps(int steps) {
        return new QrSettings(features, steps, originStride, targetStride, levelSteps, spreadSteps,
                seasonalWindow, minSamples, maxIterations);
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1, was " + value);
        }
    }
}
