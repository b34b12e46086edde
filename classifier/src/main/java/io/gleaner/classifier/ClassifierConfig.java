package io.gleaner.classifier;

import io.gleaner.schemas.Topics;
import io.gleaner.runtime.StageSettings;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * The classifier stage's settings, declared in {@link ClassifierSettingsDef} (key, type, default, validator, doc)
 * and validated there, here and in {@link StageSettings}; durations are ISO-8601 ({@code P7D}, {@code PT1H}).
 *
 * @param stage               how the stage runs on Kafka, its keys under {@code gleaner.classifier.}
 *                            ({@link StageSettings})
 * @param profiledRetention   how long, in event time, a profiled job keeps its marker in the job-progress store so
 *                            that a late duplicate success is recognised and ignored, and its entry in the jobs
 *                            store
 * @param unfinishedRetention how long, in event time, a job whose run is not complete is kept after its last new
 *                            task success before the run is dropped without a profile, and a submitted job that
 *                            has reported no success is kept after its submission
 */
public record ClassifierConfig(StageSettings stage, Duration profiledRetention, Duration unfinishedRetention) {

    /** The stage's name in its keys. */
    public static final String NAME = "classifier";
    /** Default application id. */
    public static final String DEFAULT_APPLICATION_ID = "gleaner-classifier";
    /**
     * Default {@link #profiledRetention()}: 7 days. A duplicate success comes from a redelivered report or a second
     * attempt of a task, which arrive within minutes or hours of the job's end, not days; 7 days is Kafka's default
     * topic retention ({@code log.retention.hours=168}), and one marker per job of the last week is a small store.
     */
    public static final Duration DEFAULT_PROFILED_RETENTION = Duration.ofDays(7);
    /**
     * Default {@link #unfinishedRetention()}: 30 days, longer than {@link #DEFAULT_PROFILED_RETENTION} because dropping
     * a run loses its samples. The clock restarts at every new task success, so only a run with no new success for 30
     * days of event time goes (a job killed, or a task that failed and was never run again); a running job's tasks
     * succeed minutes or hours apart. Such abandoned runs are few, so a generous bound costs little store. The
     * same bound, counted from its submission, applies to a job that never reports a success: one still queued after
     * 30 days of event time is rare enough that its reports becoming dead letters (replayable) is an acceptable cost,
     * and every job of the last 30 days is one small entry.
     */
    public static final Duration DEFAULT_UNFINISHED_RETENTION = Duration.ofDays(30);

    public ClassifierConfig {
        Objects.requireNonNull(stage, "stage").requireStage(NAME);
        requirePositive(ClassifierSettingsDef.key(ClassifierSettingsDef.PROFILED_RETENTION), profiledRetention);
        requirePositive(ClassifierSettingsDef.key(ClassifierSettingsDef.UNFINISHED_RETENTION), unfinishedRetention);
    }

    private static void requirePositive(String key, Duration value) {
        Objects.requireNonNull(value, key);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(key + " must be > 0, was " + value);
        }
    }

    /** Every setting at its default. */
    public static ClassifierConfig defaults() {
        return new ClassifierConfig(StageSettings.defaults(NAME, DEFAULT_APPLICATION_ID), DEFAULT_PROFILED_RETENTION,
                DEFAULT_UNFINISHED_RETENTION);
    }

    /**
     * Reads the settings from properties keyed as {@link ClassifierSettingsDef} declares them (plus
     * {@link io.gleaner.schemas.serde.RegistryConfig}'s keys); a missing key takes its default, other keys are
     * ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when one is wrong
     */
    public static ClassifierConfig from(Map<String, ?> properties) {
        var values = ClassifierSettingsDef.CONFIG.parse(properties);
        return new ClassifierConfig(StageSettings.from(properties, NAME, DEFAULT_APPLICATION_ID),
                Duration.parse(values.getString(ClassifierSettingsDef.key(ClassifierSettingsDef.PROFILED_RETENTION))),
                Duration.parse(values.getString(
                        ClassifierSettingsDef.key(ClassifierSettingsDef.UNFINISHED_RETENTION))));
    }

    /**
     * The Kafka Streams settings of the classifier: the stage's ({@link StageSettings#streamsProperties()}).
     * Timestamps come from the records' event-time fields through the extractors the topology sets on its sources.
     */
    public Properties streamsProperties() {
        return stage.streamsProperties();
    }

    /** The topic catalogue with this configuration's prefix. */
    public Topics topics() {
        return stage.topics();
    }

    /** This configuration with its stage settings changed by {@code change}. */
    public ClassifierConfig withStage(UnaryOperator<StageSettings> change) {
        return new ClassifierConfig(change.apply(stage), profiledRetention, unfinishedRetention);
    }

    /** This configuration with another retention of profiled markers. */
    public ClassifierConfig withProfiledRetention(Duration value) {
        return new ClassifierConfig(stage, value, unfinishedRetention);
    }

    /** This configuration with another retention of unfinished runs. */
    public ClassifierConfig withUnfinishedRetention(Duration value) {
        return new ClassifierConfig(stage, profiledRetention, value);
    }
}
