package io.gleaner.forecaster.topology;

import io.gleaner.forecaster.core.ForecastSettings;
import io.gleaner.forecaster.core.Forecaster;
import io.gleaner.forecaster.core.ResourceMetric;
import io.gleaner.forecaster.core.SeriesEvent;
import io.gleaner.forecaster.core.SeriesLife;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Decoded;
import io.gleaner.runtime.metrics.GleanerMeters;
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
 * Drives the forecast series' life ({@link SeriesLife}: refits, the miss reaction, staleness, forgetting) from the
 * {@code nodes.utilization} samples, over the stage's stores ({@link StreamsSeriesStore}), and publishes what it
 * issues on {@code forecasts}. What is the stage's own (docs/forecaster.md):
 * <ul>
 *   <li>Only the owners' use (source REGULAR) is forecast; EPHEMERAL (Gleaner's own tasks), TOTAL (which
 *       includes them) and UNKNOWN samples are valid but skipped (logged at debug).</li>
 *   <li>Invalid samples become dead letters: a value that is NaN, infinite or outside [0, 1], metric UNKNOWN, a
 *       node id blank or too long (the topic's field rules, {@code InputChecks}), or a record key that is not the
 *       sample's node id; so does a sample the life refuses (too old for any window, or its refit failed).</li>
 *   <li>Stream time is Kafka Streams' (the task's newest record time): a punctuation every step marks series
 *       stale, one every refit period forgets the series gone; a forgotten series' stale marker is deleted by a
 *       tombstone on {@code forecasts}, so the compacted topic and every planner's table of it do not keep the
 *       nodes that are gone for good either.</li>
 * </ul>
 */
final class SampleProcessor implements Processor<String, Decoded<UtilizationSample>, String, ForecasterOutput> {

    private static final Logger log = LoggerFactory.getLogger(SampleProcessor.class);

    private final SeriesLife life;
    private final ForecastSettings settings;
    private final String sourceTopic;

    private ProcessorContext<String, ForecasterOutput> context;
    private StreamsSeriesStore store;

    SampleProcessor(Forecaster forecaster, ForecastSettings settings, String sourceTopic) {
        this.life = new SeriesLife(forecaster, settings);
        this.settings = Objects.requireNonNull(settings, "settings");
        this.sourceTopic = Objects.requireNonNull(sourceTopic, "sourceTopic");
    }

    @Override
    public void init(ProcessorContext<String, ForecasterOutput> context) {
        this.context = context;
        this.store = new StreamsSeriesStore(context, settings.reaction().isPresent());
        context.schedule(settings.step(), PunctuationType.STREAM_TIME,
                streamTime -> publish(life.markStale(store, streamTime), null));
        context.schedule(settings.refitPeriod(), PunctuationType.STREAM_TIME,
                streamTime -> publish(life.forget(store, streamTime), null));
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
        var metric = ResourceMetric.of(sample.getMetric().name());
        publish(life.observe(store, key, metric, sample.getTime().toEpochMilli(), sample.getValue(),
                context.currentStreamTimeMs()), record);
    }

    /** Forwards {@code events}; a refusal dead-letters {@code record}, the sample that caused it. */
    private void publish(List<SeriesEvent> events, Record<String, Decoded<UtilizationSample>> record) {
        for (var event : events) {
            if (event instanceof SeriesEvent.Issued issued) {
                var forecast = ForecastRecords.fresh(SeriesKey.parse(issued.key()), issued);
                log.debug("refit {} at {} with {}", issued.key(), forecast.getIssuedAt(), life.forecasterName());
                GleanerMeters.forecastRefit();
                context.forward(new Record<>(issued.key(), ForecasterOutput.of(forecast), issued.issuedAt()));
            } else if (event instanceof SeriesEvent.Stale stale) {
                var key = SeriesKey.parse(stale.key());
                var marker = ForecastRecords.stale(key, settings.quantile(),
                        settings.margin(ResourceMetric.of(key.metric().name())),
                        Instant.ofEpochMilli(stale.issuedAt()), settings.step());
                log.info("series {} is stale: no sample since {}", stale.key(),
                        Instant.ofEpochMilli(stale.lastSampleMs()));
                context.forward(new Record<>(stale.key(), ForecasterOutput.of(marker), stale.issuedAt()));
            } else if (event instanceof SeriesEvent.Forgotten gone) {
                log.info("series {} forgotten: no sample since {}, before the window", gone.key(),
                        Instant.ofEpochMilli(gone.lastSampleMs()));
                context.forward(new Record<>(gone.key(), ForecasterOutput.tombstone(), gone.issuedAt()));
            } else if (event instanceof SeriesEvent.Missed missed) {
                GleanerMeters.forecastMiss(SeriesKey.parse(missed.key()).metric().name());
            } else if (event instanceof SeriesEvent.Refused refused) {
                deadLetter(record, refused.reason());
            }
        }
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
