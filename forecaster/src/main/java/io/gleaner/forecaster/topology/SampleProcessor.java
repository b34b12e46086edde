package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.SeriesEvent;
import io.gleaner.forecaster.core.SeriesLifeCycle;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Decoded;
import io.gleaner.schemas.InputChecks;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import io.gleaner.schemas.forecasts.SeriesKey;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The forecaster stage's driver of the series life cycle ({@link SeriesLifeCycle}, where its rules are): decodes and
 * checks each sample, hands the owners' use to the life cycle over the task's stores ({@link StageSeriesStore}), and
 * turns what it issues into records of {@code forecasts}, stamped with their event time. Its own rules:
 * <ul>
 *   <li>Only the owners' use (source REGULAR) is forecast; EPHEMERAL (Gleaner's own tasks), TOTAL (which
 *       includes them) and UNKNOWN samples are valid but skipped (logged at debug).</li>
 *   <li>Invalid samples become dead letters: a value that is NaN, infinite or outside [0, 1], metric UNKNOWN, a
 *       node id blank or too long (the topic's field rules, {@code InputChecks}), or a record key that is not the
 *       sample's node id; so does a sample the life cycle refuses (older than the window before stream time), and
 *       one whose refit the learner failed (the sample is still stored; the series keeps its previous forecast).</li>
 *   <li>Staleness and forgetting run on stream-time punctuations, every step and every refit period; a stale series
 *       gets a stale record (stale=true, no utilization, no spare), a forgotten one a tombstone.</li>
 * </ul>
 */
final class SampleProcessor implements Processor<String, Decoded<UtilizationSample>, String, ForecasterOutput> {

    private static final Logger log = LoggerFactory.getLogger(SampleProcessor.class);

    private final Forecaster forecaster;
    private final ForecastSettings settings;
    private final String sourceTopic;

    private ProcessorContext<String, ForecasterOutput> context;
    private SeriesLifeCycle lifeCycle;

    SampleProcessor(Forecaster forecaster, ForecastSettings settings, String sourceTopic) {
        this.forecaster = Objects.requireNonNull(forecaster, "forecaster");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sourceTopic = Objects.requireNonNull(sourceTopic, "sourceTopic");
    }

    @Override
    public void init(ProcessorContext<String, ForecasterOutput> context) {
        this.context = context;
        // A task that Kafka Streams revives (closed dirty, its stores back as of the last commit) initialises this
        // same instance again: what it knew of the series must go back with the stores, or the replay of the input
        // since that commit would skip the refits whose output was aborted. A new store view forgets it.
        var store = new StageSeriesStore(context, settings.reaction().isPresent());
        this.lifeCycle = new SeriesLifeCycle(forecaster, settings.lifeCycle(), store, false);
        context.schedule(settings.step(), PunctuationType.STREAM_TIME, time -> publish(lifeCycle.markStale(time), null));
        context.schedule(settings.refitPeriod(), PunctuationType.STREAM_TIME, time -> publish(lifeCycle.forget(time), null));
    }

    @Override
    public void process(Record<String, Decoded<UtilizationSample>> record) {
        var sample = record.value().value();
        var reason = invalid(record.key(), sample);
        if (reason != null) {
            deadLetter(record, reason);
            return;
        }
        if (sample.getSource() != UsageSource.REGULAR) {
            log.debug("skipping a {} sample of node {}: only the owners' (REGULAR) use is forecast",
                    sample.getSource(), sample.getNodeId());
            return;
        }
        var key = SeriesKey.text(sample.getNodeId(), sample.getMetric());
        publish(lifeCycle.observe(key, ResourceMetric.of(sample.getMetric().name()), sample.getTime().toEpochMilli(),
                sample.getValue(), context.currentStreamTimeMs()), record);
    }

    /** Forwards what the life cycle issued; {@code record} is the sample that caused it, null for a punctuation. */
    private void publish(List<SeriesEvent> events, Record<String, Decoded<UtilizationSample>> record) {
        for (var event : events) {
            var key = SeriesKey.parse(event.key());
            var at = Instant.ofEpochMilli(event.timeMs());
            if (event instanceof SeriesEvent.Fresh fresh) {
                log.debug("refit {} at {} with {}", event.key(), at, forecaster.name());
                forward(event, ForecasterOutput.of(
                        ForecastRecords.fresh(key, fresh.forecast(), settings.margin(key.metric()), at)));
            } else if (event instanceof SeriesEvent.Stale) {
                log.info("series {} is stale: no sample since {}", event.key(), at.minus(settings.staleness()));
                forward(event, ForecasterOutput.of(ForecastRecords.stale(key, settings.quantile(),
                        settings.margin(key.metric()), at, settings.step())));
            } else if (event instanceof SeriesEvent.Forgotten) {
                log.info("series {} forgotten: no sample since {}, before the window", event.key(),
                        at.minus(settings.window()).minus(settings.maxHold()));
                forward(event, ForecasterOutput.tombstone());
            } else if (event instanceof SeriesEvent.RefitFailed failed) {
                deadLetter(record, "forecaster " + forecaster.name() + " failed to refit " + event.key() + " at " + at
                        + ": " + failed.error());
            } else if (event instanceof SeriesEvent.Refused refused) {
                deadLetter(record, refused.reason());
            } else {
                throw new IllegalStateException("the stage runs every refit at once, was left " + event);
            }
        }
    }

    private void forward(SeriesEvent event, ForecasterOutput output) {
        context.forward(new Record<>(event.key(), output, event.timeMs()));
    }

    /**
     * Why {@code sample} cannot be used, or null when it can: the topic's field rules ({@link InputChecks}), which the
     * QoS stage applies too, then the key.
     */
    private static String invalid(String key, UtilizationSample sample) {
        var violation = InputChecks.DEFAULT.utilizationSample(sample);
        if (violation.isPresent()) {
            return violation.get();
        }
        if (!sample.getNodeId().equals(key)) {
            return "record key '" + key + "' is not the sample's node id '" + sample.getNodeId() + "'";
        }
        return null;
    }

    private void deadLetter(Record<String, Decoded<UtilizationSample>> record, String reason) {
        var deadLetter = DeadLetters.of(context.recordMetadata(), sourceTopic, record.key(), record.value().raw(),
                record.timestamp(), reason, ForecasterTopology.STAGE);
        log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                deadLetter.getPartition(), deadLetter.getOffset(), reason);
        context.forward(new Record<>(record.key(), ForecasterOutput.of(deadLetter), record.timestamp()));
    }
}
