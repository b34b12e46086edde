package io.gleaner.simulator.lockstep;

import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Placement;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.metrics.GleanerMeters;
import io.gleaner.schemas.avro.CapacityForecast;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.simulator.core.OwnerLoad;
import io.gleaner.simulator.core.PlannerLink;
import io.gleaner.simulator.core.Round;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lockstep protocol through Kafka (docs/simulator.md#lockstep, steps 2 to 5), one call of {@link #round} per round:
 * <ol>
 *   <li>produce the round's utilization samples (key node id, timestamp g), flush; when a forecaster stage feeds the
 *       planner ({@link LockstepConfig#forecasts()}), wait until its consumer group has committed past them, no
 *       transaction is open on {@code forecasts}, and the planner's view of {@code forecasts} holds what the topic
 *       holds (read here from its start): the planner decides on the forecasts the in-process forecasts give;</li>
 *   <li>produce the round's jobs (key job id, timestamp submit time) and task reports (key job id, timestamp event
 *       time), flush, and wait until the planner's consumer group has committed past them; then one heartbeat per node
 *       (key node id, timestamp g), flush;</li>
 *   <li>barrier: wait until the planner's consumer group has committed offsets at or past the end offsets of its
 *       three input topics as they are after the produce, and no transaction is open on {@code placements} or
 *       {@code data.placements} (last stable offset = high watermark, so the commit markers of the round's
 *       outputs are written);</li>
 *   <li>read {@code placements} and {@code data.placements} (every partition assigned, {@code read_committed}) up to
 *       the end offsets; return the placements sorted by (node id, offset), mapped to core placements, and keep the
 *       data placements for {@link #takeDataPlacements()}.</li>
 * </ol>
 * A record of either topic that does not decode or map becomes a {@link DeadLetter} on the {@code deadletter} topic
 * (stage {@code simulator}) and is left out. The link owns the clients it is given and closes them.
 */
public final class KafkaPlannerLink implements PlannerLink, AutoCloseable {

    /** The stage name in dead letters. */
    public static final String STAGE = "simulator";

    private static final Logger log = LoggerFactory.getLogger(KafkaPlannerLink.class);

    private final LockstepConfig config;
    private final Producer<String, SpecificRecord> producer;
    private final Consumer<String, byte[]> consumer;
    private final Admin admin;
    private final Deserializer<PlacementDecision> decoder;
    private final Deserializer<io.gleaner.schemas.avro.DataPlacement> dataDecoder;
    private final Deserializer<CapacityForecast> forecastDecoder;
    private final Deserializer<io.gleaner.schemas.avro.CellStatus> statusDecoder;
    private final List<TopicPartition> inputPartitions;
    private final List<TopicPartition> jobAndReportPartitions;
    private final List<TopicPartition> outputPartitions;
    /** The partitions of {@code nodes.utilization} and {@code forecasts}; empty without a forecast barrier. */
    private final List<TopicPartition> samplePartitions;
    private final List<TopicPartition> forecastPartitions;
    /**
     * The partitions of the planner's cell topics ({@code <application.id>-cell-*-repartition}), which its group
     * consumes too: empty with one cell.
     */
    private final List<TopicPartition> cellTopicPartitions;
    /** The partitions of {@code cells.status}; empty without a cells barrier. */
    private final List<TopicPartition> statusPartitions;
    /** The latest record of each cell on {@code cells.status}. */
    private final Map<String, io.gleaner.schemas.avro.CellStatus> statusesOnTopic = new HashMap<>();
    /** The latest record of each series on {@code forecasts}, null for a tombstone. */
    private final Map<String, CapacityForecast> forecastsOnTopic = new HashMap<>();
    private final List<InputPlacement> dataPlacements = new ArrayList<>();
    private long deadLetters;

    /**
     * Checks the topics exist, assigns every partition of {@code placements} and {@code data.placements} to the
     * consumer and moves it to their current ends: outputs written before the link opened are not this run's. With a
     * forecast barrier it reads {@code forecasts} too, from its start, as the planner's view does.
     *
     * @param producer  for jobs, reports, heartbeats, utilization and dead letters; idempotent with {@code acks=all}
     * @param consumer    for placements and data placements, raw values; {@code isolation.level=read_committed}, no
     *                    group needed
     * @param admin       for the planner's committed offsets and the topics' end offsets
     * @param decoder     the placements' value deserializer
     * @param dataDecoder the data placements' value deserializer
     * @param forecastDecoder the forecasts' value deserializer
     * @param statusDecoder   the cells' statuses' value deserializer
     */
    public KafkaPlannerLink(LockstepConfig config, Producer<String, SpecificRecord> producer,
                            Consumer<String, byte[]> consumer, Admin admin, Deserializer<PlacementDecision> decoder,
                            Deserializer<io.gleaner.schemas.avro.DataPlacement> dataDecoder,
                            Deserializer<CapacityForecast> forecastDecoder,
                            Deserializer<io.gleaner.schemas.avro.CellStatus> statusDecoder) {
        this.config = Objects.requireNonNull(config, "config");
        this.producer = Objects.requireNonNull(producer, "producer");
        this.consumer = Objects.requireNonNull(consumer, "consumer");
        this.admin = Objects.requireNonNull(admin, "admin");
        this.decoder = Objects.requireNonNull(decoder, "decoder");
        this.dataDecoder = Objects.requireNonNull(dataDecoder, "dataDecoder");
        this.forecastDecoder = Objects.requireNonNull(forecastDecoder, "forecastDecoder");
        this.statusDecoder = Objects.requireNonNull(statusDecoder, "statusDecoder");
        var topics = config.topics();
        this.inputPartitions = partitions(List.of(topics.jobsSubmitted().name(), topics.nodesHeartbeats().name(),
                topics.tasksReports().name()));
        this.jobAndReportPartitions = partitions(List.of(topics.jobsSubmitted().name(), topics.tasksReports().name()));
        this.outputPartitions = partitions(List.of(topics.placements().name(), topics.dataPlacements().name()));
        boolean withForecasts = config.forecasts().isPresent();
        this.samplePartitions = withForecasts ? partitions(List.of(topics.nodesUtilization().name())) : List.of();
        this.forecastPartitions = withForecasts ? partitions(List.of(topics.forecasts().name())) : List.of();
        this.statusPartitions = config.cells().isPresent() ? partitions(List.of(topics.cellsStatus().name()))
                : List.of();
        this.cellTopicPartitions = partitions(cellTopics());
        var assigned = new ArrayList<>(outputPartitions);
        assigned.addAll(forecastPartitions);
        assigned.addAll(statusPartitions);
        consumer.assign(assigned);
        consumer.seekToEnd(outputPartitions);
        var fromStart = new ArrayList<>(forecastPartitions);
        fromStart.addAll(statusPartitions);
        if (!fromStart.isEmpty()) {
            // Never with an empty list: the consumer takes that to mean every assigned partition, and a link opened
            // on a running pipeline would read its placements again from the start.
            consumer.seekToBeginning(fromStart);
        }
        // position() resolves the lazy seeks now, before the first round produces anything.
        assigned.forEach(consumer::position);
        log.info("lockstep link to planner group {} on {}: inputs {}, cell topics {}, outputs {}",
                config.plannerApplicationId(), config.bootstrapServers(), inputPartitions, cellTopicPartitions,
                outputPartitions);
    }

    /** The planner's cell topics, which Kafka Streams created when the planner started: none with one cell. */
    private List<String> cellTopics() {
        var prefix = config.plannerApplicationId() + "-cell-";
        return await(admin.listTopics().names(), "the topics").stream()
                .filter(name -> name.startsWith(prefix) && name.endsWith("-repartition"))
                .sorted()
                .toList();
    }

    /**
     * Sends the owners' use before the run ({@link OwnerLoad#historyUse()}) on the utilization topic. The stages that
     * learn from the owners' use (the forecaster) then warm up on the day before the run, on the samples the
     * in-process forecasts warm up on, instead of starting from nothing. Call it before the first round, whose
     * forecast barrier (if any) waits for the forecaster to have read these samples too.
     */
    public void sendOwnerHistory(OwnerLoad owners) {
        var uses = owners.historyUse();
        var topic = config.topics().nodesUtilization().name();
        var sent = new ArrayList<Future<RecordMetadata>>();
        for (var use : uses) {
            sent.add(producer.send(new ProducerRecord<>(topic, null, use.time().toEpochMilli(), use.nodeId(),
                    LockstepRecords.utilizationSample(use))));
        }
        flush(sent, "the owners' history");
        log.info("sent {} samples of the owners' use before the run ({} nodes) on {}", uses.size(),
                owners.history().size(), topic);
    }

    @Override
    public List<Placement> round(Round round) {
        var topics = config.topics();
        long g = round.time().toEpochMilli();
        long began = System.nanoTime();
        long deadline = began + config.barrierTimeout().toNanos();
        var fetched = new ArrayList<ConsumerRecord<String, byte[]>>();
        var sent = new ArrayList<Future<RecordMetadata>>();
        // The samples first: in-process, the forecasts learn a round's samples before the cell decides anything.
        for (var sample : round.utilization()) {
            sent.add(producer.send(new ProducerRecord<>(topics.nodesUtilization().name(), null, g, sample.nodeId(),
                    LockstepRecords.utilizationSample(sample))));
        }
        flush(sent, "utilization of round " + round.time());
        if (config.forecasts().isPresent()) {
            awaitForecasts(round.time(), config.forecasts().get(),
                    endOffsets(samplePartitions, IsolationLevel.READ_UNCOMMITTED), deadline, fetched);
        }
        for (var job : round.submitted()) {
            sent.add(producer.send(new ProducerRecord<>(topics.jobsSubmitted().name(), null,
                    job.submitTime().toEpochMilli(), job.jobId(), EventMapping.jobSubmitted(job))));
        }
        for (var report : round.reports()) {
            sent.add(producer.send(new ProducerRecord<>(topics.tasksReports().name(), null,
                    report.outcome().time().toEpochMilli(), report.outcome().jobId(), LockstepRecords.taskReport(report))));
        }
        flush(sent, "jobs and task reports of round " + round.time());
        if (!round.submitted().isEmpty() || !round.reports().isEmpty()) {
            // Kafka Streams merges its input partitions in timestamp order only as far as it has fetched them,
            // so a heartbeat could overtake a report fetched late. The heartbeats go out only once the planner
            // has committed the round's jobs and reports: the same order on every run.
            awaitBarrier(round.time(), endOffsets(jobAndReportPartitions, IsolationLevel.READ_UNCOMMITTED), deadline,
                    fetched);
        }
        for (var heartbeat : round.heartbeats()) {
            sent.add(producer.send(new ProducerRecord<>(topics.nodesHeartbeats().name(), null, g, heartbeat.nodeId(),
                    EventMapping.nodeHeartbeat(heartbeat))));
        }
        flush(sent, "heartbeats of round " + round.time());

        long produced = System.nanoTime();
        var inputEnds = endOffsets(inputPartitions, IsolationLevel.READ_UNCOMMITTED);
        awaitBarrier(round.time(), inputEnds, deadline, fetched);
        if (config.cells().isPresent()) {
            awaitStatuses(round.time(), config.cells().get(), deadline, fetched);
        }
        long barrier = System.nanoTime();
        var ends = endOffsets(outputPartitions, IsolationLevel.READ_COMMITTED);
        while (!caughtUp(ends)) {
            checkDeadline(deadline, () -> "outputs of round " + round.time() + " not read up to " + ends
                    + " within " + config.barrierTimeout() + "; positions " + positions());
            poll(fetched);
        }
        var placements = decode(fetched);
        GleanerMeters.lockstepRound(Duration.ofNanos(System.nanoTime() - began));
        log.debug("round {}: produced in {} ms, barrier {} ms, read {} placements in {} ms", round.time(),
                (produced - began) / 1_000_000, (barrier - produced) / 1_000_000, placements.size(),
                (System.nanoTime() - barrier) / 1_000_000);
        return placements;
    }

    /**
     * The data placements read with the rounds since the last call, by topic partition and offset (their order
     * across datasets does not matter: each lays out its own).
     */
    @Override
    public List<InputPlacement> takeDataPlacements() {
        var taken = List.copyOf(dataPlacements);
        dataPlacements.clear();
        return taken;
    }

    /** Output records that became dead letters so far. */
    public long deadLetters() {
        return deadLetters;
    }

    @Override
    public void close() {
        producer.close();
        consumer.close();
        admin.close();
    }

    /**
     * Waits until the planner's group has committed the round's inputs and no transaction is open on
     * {@code placements}, polling the placements consumer meanwhile.
     */
    private void awaitBarrier(Instant round, Map<TopicPartition, Long> inputEnds, long deadline,
                              List<ConsumerRecord<String, byte[]>> fetched) {
        awaitCommitted(round, inputEnds, deadline, fetched);
        if (cellTopicPartitions.isEmpty()) {
            return;
        }
        // Several cells: what the router and the heartbeats' task wrote to the cell topics must be taken by the
        // cells too, and whatever the cells wrote besides, until nothing moves.
        while (true) {
            var ends = endOffsets(cellTopicPartitions, IsolationLevel.READ_UNCOMMITTED);
            awaitCommitted(round, ends, deadline, fetched);
            if (ends.equals(endOffsets(cellTopicPartitions, IsolationLevel.READ_UNCOMMITTED))) {
                return;
            }
        }
    }

    private void awaitCommitted(Instant round, Map<TopicPartition, Long> inputEnds, long deadline,
                                List<ConsumerRecord<String, byte[]>> fetched) {
        var group = config.plannerApplicationId();
        while (true) {
            var behind = behind(group, inputEnds);
            var open = behind.isEmpty() ? openTransactions(outputPartitions) : Map.<String, String>of();
            if (behind.isEmpty() && open.isEmpty()) {
                return;
            }
            checkDeadline(deadline, () -> "planner group '" + group + "' did not answer round " + round + " within "
                    + config.barrierTimeout() + (behind.isEmpty() ? "" : "; input topics behind: " + behind)
                    + (open.isEmpty() ? "" : "; outputs with an open transaction: " + open));
            poll(fetched);
        }
    }

    /**
     * Waits until the forecaster's group has committed the round's samples ({@code sampleEnds}), no transaction is
     * open on {@code forecasts}, this link has read {@code forecasts} to its end, and the planner's view holds the
     * latest record of every series (nothing for a tombstone).
     */
    private void awaitForecasts(Instant round, ForecastBarrier barrier, Map<TopicPartition, Long> sampleEnds,
                                long deadline, List<ConsumerRecord<String, byte[]>> fetched) {
        var group = barrier.forecasterApplicationId();
        while (true) {
            var behind = behind(group, sampleEnds);
            var open = behind.isEmpty() ? openTransactions(forecastPartitions) : Map.<String, String>of();
            var unread = new TreeMap<String, String>();
            var notInView = new TreeMap<String, String>();
            if (behind.isEmpty() && open.isEmpty()) {
                endOffsets(forecastPartitions, IsolationLevel.READ_COMMITTED).forEach((tp, end) -> {
                    if (consumer.position(tp) < end) {
                        unread.put(tp.toString(), "read " + consumer.position(tp) + " < end " + end);
                    }
                });
                if (unread.isEmpty()) {
                    forecastsOnTopic.forEach((key, latest) -> {
                        var viewed = barrier.plannerView().apply(key);
                        if (!Objects.equals(viewed, latest)) {
                            notInView.put(key, "issued at " + (latest == null ? "none (tombstone)"
                                    : latest.getIssuedAt()) + ", viewed " + (viewed == null ? "none"
                                    : viewed.getIssuedAt()));
                        }
                    });
                    if (notInView.isEmpty()) {
                        return;
                    }
                }
            }
            checkDeadline(deadline, () -> "forecasts of round " + round + " not in the planner's view within "
                    + config.barrierTimeout() + (behind.isEmpty() ? "" : "; forecaster group '" + group
                    + "' behind: " + behind) + (open.isEmpty() ? "" : "; forecasts with an open transaction: " + open)
                    + (unread.isEmpty() ? "" : "; forecasts unread: " + unread)
                    + (notInView.isEmpty() ? "" : "; series not in the view: " + notInView));
            poll(fetched);
        }
    }

    /**
     * Waits until no transaction is open on {@code cells.status}, this link has read it to its end, and the planner's
     * view holds the latest status of every cell.
     */
    private void awaitStatuses(Instant round, CellsBarrier barrier, long deadline,
                               List<ConsumerRecord<String, byte[]>> fetched) {
        while (true) {
            var open = openTransactions(statusPartitions);
            var unread = new TreeMap<String, String>();
            var notInView = new TreeMap<String, String>();
            if (open.isEmpty()) {
                endOffsets(statusPartitions, IsolationLevel.READ_COMMITTED).forEach((tp, end) -> {
                    if (consumer.position(tp) < end) {
                        unread.put(tp.toString(), "read " + consumer.position(tp) + " < end " + end);
                    }
                });
                if (unread.isEmpty()) {
                    statusesOnTopic.forEach((key, latest) -> {
                        var viewed = barrier.plannerView().apply(key);
                        if (!Objects.equals(viewed, latest)) {
                            notInView.put(key, "taken at " + latest.getTime() + ", viewed "
                                    + (viewed == null ? "none" : viewed.getTime()));
                        }
                    });
                    if (notInView.isEmpty()) {
                        return;
                    }
                }
            }
            checkDeadline(deadline, () -> "cell statuses of round " + round + " not in the planner's view within "
                    + config.barrierTimeout() + (open.isEmpty() ? "" : "; statuses with an open transaction: " + open)
                    + (unread.isEmpty() ? "" : "; statuses unread: " + unread)
                    + (notInView.isEmpty() ? "" : "; cells not in the view: " + notInView));
            poll(fetched);
        }
    }

    /** The partitions of {@code ends} that {@code group} has not committed up to their end, with where it is. */
    private Map<String, String> behind(String group, Map<TopicPartition, Long> ends) {
        Map<TopicPartition, OffsetAndMetadata> committed = await(
                admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata(),
                "committed offsets of group " + group);
        var behind = new TreeMap<String, String>();
        ends.forEach((tp, end) -> {
            var offset = committed.get(tp);
            long at = offset == null ? 0 : offset.offset();
            if (at < end) {
                behind.put(tp.toString(), "committed " + (offset == null ? "none" : at) + " < end " + end);
            }
        });
        return behind;
    }

    /** The partitions with a transaction open: last stable offset below the high watermark. */
    private Map<String, String> openTransactions(List<TopicPartition> partitions) {
        // Through the admin client, not the consumer: the broker answers a connection's requests in order, so the
        // consumer's ListOffsets would queue behind its own long-polling fetch.
        var stable = endOffsets(partitions, IsolationLevel.READ_COMMITTED);
        var high = endOffsets(partitions, IsolationLevel.READ_UNCOMMITTED);
        var open = new TreeMap<String, String>();
        high.forEach((tp, end) -> {
            if (stable.get(tp) < end) {
                open.put(tp.toString(), "last stable offset " + stable.get(tp) + " < high watermark " + end);
            }
        });
        return open;
    }

    /**
     * Polls the consumer once: placements and data placements go to {@code fetched}, forecasts update
     * {@link #forecastsOnTopic} (one that does not decode is left out of the barrier, as the planner's view leaves
     * it out).
     */
    private void poll(List<ConsumerRecord<String, byte[]>> fetched) {
        var forecastsTopic = config.topics().forecasts().name();
        var statusTopic = config.topics().cellsStatus().name();
        for (var record : consumer.poll(config.pollInterval())) {
            if (record.topic().equals(statusTopic)) {
                try {
                    statusesOnTopic.put(record.key(), statusDecoder.deserialize(record.topic(), record.value()));
                } catch (SerializationException e) {
                    statusesOnTopic.remove(record.key());
                    log.warn("cell status at {}-{} offset {} does not decode; the barrier does not wait for it: {}",
                            record.topic(), record.partition(), record.offset(), e.getMessage());
                }
            } else if (!record.topic().equals(forecastsTopic)) {
                fetched.add(record);
            } else if (record.value() == null) {
                forecastsOnTopic.put(record.key(), null);
            } else {
                try {
                    forecastsOnTopic.put(record.key(), forecastDecoder.deserialize(record.topic(), record.value()));
                } catch (SerializationException e) {
                    forecastsOnTopic.remove(record.key());
                    log.warn("forecast at {}-{} offset {} does not decode; the barrier does not wait for it: {}",
                            record.topic(), record.partition(), record.offset(), e.getMessage());
                }
            }
        }
    }

    private boolean caughtUp(Map<TopicPartition, Long> ends) {
        return ends.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    private List<Placement> decode(List<ConsumerRecord<String, byte[]>> records) {
        var placements = new ArrayList<Fetched>();
        var dead = new ArrayList<Future<RecordMetadata>>();
        var dataTopic = config.topics().dataPlacements().name();
        records.sort(Comparator.comparing((ConsumerRecord<String, byte[]> r) -> r.topic())
                .thenComparingInt(ConsumerRecord::partition).thenComparingLong(ConsumerRecord::offset));
        for (var record : records) {
            try {
                if (record.value() == null) {
                    throw new IllegalArgumentException(record.topic() + " record has no value");
                }
                if (record.topic().equals(dataTopic)) {
                    dataPlacements.add(EventMapping.dataPlacement(dataDecoder.deserialize(record.topic(),
                            record.value())).orElseThrow(IllegalArgumentException::new));
                } else {
                    var placement = EventMapping.placement(decoder.deserialize(record.topic(), record.value()))
                            .orElseThrow(IllegalArgumentException::new);
                    placements.add(new Fetched(placement, record.offset()));
                }
            } catch (SerializationException | IllegalArgumentException | NullPointerException e) {
                deadLetters++;
                log.warn("dead letter from {}-{} at offset {}: {}", record.topic(), record.partition(),
                        record.offset(), e.getMessage());
                dead.add(producer.send(new ProducerRecord<>(config.topics().deadLetters().name(), null,
                        record.timestamp(), record.key(), deadLetter(record, e))));
            }
        }
        flush(dead, "dead letters");
        return placements.stream()
                .sorted(Comparator.comparing((Fetched f) -> f.placement().nodeId()).thenComparingLong(Fetched::offset))
                .map(Fetched::placement)
                .toList();
    }

    private static DeadLetter deadLetter(ConsumerRecord<String, byte[]> record, Exception e) {
        return DeadLetters.of(record.topic(), record.partition(), record.offset(), DeadLetters.Raw.key(record.key()),
                DeadLetters.Raw.value(record.value()), record.timestamp(), String.valueOf(e.getMessage()), STAGE);
    }

    private void flush(List<Future<RecordMetadata>> sent, String what) {
        producer.flush();
        for (var future : sent) {
            try {
                future.get();
            } catch (ExecutionException e) {
                throw new KafkaException("could not send " + what + ": " + e.getCause().getMessage(), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptException(e);
            }
        }
        sent.clear();
    }

    private List<TopicPartition> partitions(Collection<String> topics) {
        var described = await(admin.describeTopics(topics).allTopicNames(), "topics " + topics);
        return described.values().stream()
                .flatMap(d -> d.partitions().stream().map(p -> new TopicPartition(d.name(), p.partition())))
                .sorted(Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition))
                .toList();
    }

    private Map<TopicPartition, Long> endOffsets(List<TopicPartition> partitions, IsolationLevel isolation) {
        var specs = partitions.stream().collect(Collectors.toMap(Function.identity(), tp -> OffsetSpec.latest()));
        var result = await(admin.listOffsets(specs, new ListOffsetsOptions(isolation)).all(),
                "end offsets of " + partitions);
        var ends = new TreeMap<TopicPartition, Long>(
                Comparator.comparing(TopicPartition::topic).thenComparingInt(TopicPartition::partition));
        result.forEach((tp, info) -> ends.put(tp, info.offset()));
        return ends;
    }

    private Map<TopicPartition, Long> positions() {
        return outputPartitions.stream().collect(Collectors.toMap(Function.identity(), consumer::position));
    }

    private static void checkDeadline(long deadline, Supplier<String> message) {
        if (System.nanoTime() - deadline > 0) {
            throw new LockstepTimeoutException(message.get());
        }
    }

    private static <T> T await(KafkaFuture<T> future, String what) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            throw new KafkaException("could not get " + what + ": " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptException(e);
        }
    }

    private record Fetched(Placement placement, long offset) {
    }
}
