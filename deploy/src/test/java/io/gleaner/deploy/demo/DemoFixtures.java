package io.gleaner.deploy.demo;

import static org.awaitility.Awaitility.await;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.TaskKind;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.simulator.lockstep.LockstepRecords;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;

/** The demo's workload read the way {@link DemoRun} reads it, and the topics read back after a run. */
public final class DemoFixtures {

    private DemoFixtures() {
    }

    /**
     * The first {@code jobs} jobs of the bundled FB-2009 trace with the default rule, mapped as {@link DemoRun}
     * maps them ({@link LockstepRecords#job}); fails if a row is rejected, since the bundled trace has none.
     */
    static List<Job> fb2009(int jobs) {
        var result = new ArrayList<Job>();
        try (var rows = SwimTraceReader.fb2009(SwimJobRule.defaults(), jobs)) {
            while (rows.hasNext()) {
                var row = rows.next();
                if (row instanceof TraceRow.Parsed<JobSubmitted> parsed) {
                    result.add(LockstepRecords.job(parsed.value()));
                } else {
                    throw new IllegalStateException("the bundled FB-2009 trace rejected a row: " + row);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return result;
    }

    /**
     * The decision id of the first attempt of every task of {@code jobs}, spelled as the executor protocol gives it
     * (docs/executor-protocol.md#6-what-a-node-reads, {@code decisionId}): {@code jobId/m/taskIndex/0} for maps,
     * {@code jobId/r/taskIndex/0} for reduces.
     */
    static TreeSet<String> firstAttemptIds(List<Job> jobs) {
        var ids = new TreeSet<String>();
        for (var job : jobs) {
            for (int i = 0; i < job.count(TaskKind.MAP); i++) {
                ids.add(job.jobId() + "/m/" + i + "/0");
            }
            for (int i = 0; i < job.count(TaskKind.REDUCE); i++) {
                ids.add(job.jobId() + "/r/" + i + "/0");
            }
        }
        return ids;
    }

    /** Every committed record of every partition of {@code topic}, read with {@code read_committed}. */
    public static List<ConsumerRecord<String, byte[]>> readCommitted(String bootstrapServers, String topic) {
        try (var consumer = new KafkaConsumer<>(Map.<String, Object>of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new StringDeserializer(), new ByteArrayDeserializer())) {
            var partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var ends = consumer.endOffsets(partitions);
            var records = new ArrayList<ConsumerRecord<String, byte[]>>();
            await().atMost(Duration.ofSeconds(30)).until(() -> {
                consumer.poll(Duration.ofMillis(100)).forEach(records::add);
                return partitions.stream().allMatch(tp -> consumer.position(tp) >= ends.get(tp));
            });
            return records;
        }
    }
}
