package io.gleaner.planner.topology;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.core.cells.CellRouting;
import io.gleaner.planner.core.cells.CellStatus;
import io.gleaner.planner.core.cells.Route;
import io.gleaner.planner.events.CellMapping;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Decoded;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.avro.TaskReport;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The router stage of a planner of several cells (docs/cells.md#the-router): a job goes to the cell
 * {@link CellRouting} chooses over the cells' statuses (the global view of {@code cells.status}), its route to
 * {@code jobs.routed}; a report goes to the cell its job went to. A job is routed once: a job id already routed goes
 * to its cell again, which decides about the duplicate as the one-cell planner does.
 *
 * @param <V> the Avro input
 */
abstract class RouterProcessor<V> implements Processor<String, Decoded<V>, String, RouterOutput> {

    private static final Logger log = LoggerFactory.getLogger(RouterProcessor.class);

    private final String sourceTopic;
    final int cells;
    ProcessorContext<String, RouterOutput> context;
    KeyValueStore<String, Integer> routed;

    RouterProcessor(String sourceTopic, int cells) {
        this.sourceTopic = sourceTopic;
        this.cells = cells;
    }

    @Override
    public void init(ProcessorContext<String, RouterOutput> context) {
        this.context = context;
        this.routed = context.getStateStore(PlannerStores.ROUTED_JOBS);
    }

    void deadLetter(Record<String, Decoded<V>> record, String reason) {
        var deadLetter = DeadLetters.of(context.recordMetadata(), sourceTopic, record.key(),
                record.value().raw(), record.timestamp(), reason, PlannerTopology.STAGE);
        log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                deadLetter.getPartition(), deadLetter.getOffset(), reason);
        context.forward(new Record<>(record.key(), RouterOutput.of(PlannerOutput.of(deadLetter)),
                record.timestamp()));
    }

    /** Routes submitted jobs. */
    static final class Jobs extends RouterProcessor<JobSubmitted> {

        private final Deserializer<JobSubmitted> decoder;
        private KeyValueStore<String, byte[]> held;
        private KeyValueStore<String, String> sent;
        private KeyValueStore<String, io.gleaner.schemas.avro.CellStatus> statuses;

        Jobs(String sourceTopic, int cells, Deserializer<JobSubmitted> decoder) {
            super(sourceTopic, cells);
            this.decoder = decoder;
        }

        @Override
        public void init(ProcessorContext<String, RouterOutput> context) {
            super.init(context);
            held = context.getStateStore(PlannerStores.HELD_JOBS);
            sent = context.getStateStore(PlannerStores.ROUTER_SENT);
            statuses = context.getStateStore(PlannerStores.CELLS_STATUS_VIEW);
        }

        @Override
        public void process(Record<String, Decoded<JobSubmitted>> record) {
            var event = record.value().value();
            if (!event.getJobId().equals(record.key())) {
                deadLetter(record, "record key '" + record.key() + "' is not the job id '" + event.getJobId() + "'");
                return;
            }
            var checked = EventMapping.job(event);
            if (checked instanceof Checked.Invalid<Job> invalid) {
                deadLetter(record, invalid.reason());
                return;
            }
            var job = ((Checked.Valid<Job>) checked).value();
            var cell = routed.get(job.jobId());
            if (cell != null) {
                toCell(job.jobId(), new CellRecord(cell, record.value().raw()), record.timestamp());
                return;
            }
            var statuses = statuses();
            if (!CellRouting.knowsANode(statuses)) {
                // Held without reading the other held jobs back: they stay held too.
                log.debug("holding job {}: no cell knows a node yet", job.jobId());
                held.put(job.jobId(), record.value().raw());
                return;
            }
            var raw = new HashMap<String, byte[]>();
            raw.put(job.jobId(), record.value().raw());
            var routing = load(raw);
            for (var route : routing.route(job, statuses, Instant.ofEpochMilli(record.timestamp()))) {
                apply(route, raw.get(route.job().jobId()), record.timestamp());
            }
            save(routing);
        }

        private void apply(CellRouting.Routed routed, byte[] raw, long timestamp) {
            var jobId = routed.job().jobId();
            var route = routed.route();
            if (route instanceof Route.Held) {
                log.debug("holding job {}: {}", jobId, route.reason());
                held.put(jobId, raw);
                return;
            }
            held.delete(jobId);
            context.forward(new Record<>(jobId, RouterOutput.of(PlannerOutput.of(CellMapping.jobRoute(routed))),
                    timestamp));
            if (route instanceof Route.To to) {
                log.debug("routed job {} to {}", jobId, route.reason());
                this.routed.put(jobId, to.cell());
                toCell(jobId, new CellRecord(to.cell(), raw), timestamp);
            } else {
                log.info("refused job {}: {}", jobId, route.reason());
                var refused = Verdict.Refused.of(routed.job(), route.reason());
                context.forward(new Record<>(jobId, RouterOutput.of(PlannerOutput.of(
                        EventMapping.jobAdmission(refused.admission()))), timestamp));
                for (var step : refused.steps()) {
                    context.forward(new Record<>(jobId, RouterOutput.of(PlannerOutput.of(EventMapping.jobEvent(step))),
                            step.time().toEpochMilli()));
                }
            }
        }

        private void toCell(String jobId, CellRecord record, long timestamp) {
            context.forward(new Record<>(jobId, RouterOutput.job(record), timestamp));
        }

        /** The router's state from its stores; the held jobs' bytes go into {@code raw} by job id. */
        private CellRouting load(Map<String, byte[]> raw) {
            var since = new HashMap<Integer, CellRouting.Sent>();
            for (int cell = 0; cell < cells; cell++) {
                var stored = sent.get(CellMapping.key(cell));
                if (stored != null) {
                    var parts = stored.split(" ");
                    since.put(cell, new CellRouting.Sent(Instant.ofEpochMilli(Long.parseLong(parts[0])),
                            Double.parseDouble(parts[1])));
                }
            }
            var jobs = new ArrayList<Job>();
            try (var all = held.all()) {
                all.forEachRemaining(entry -> {
                    // Held jobs were checked on the way in.
                    var job = ((Checked.Valid<Job>) EventMapping.job(decoder.deserialize(sourceTopic(), entry.value)))
                            .value();
                    jobs.add(job);
                    raw.put(entry.key, entry.value);
                });
            }
            return new CellRouting(since, jobs);
        }

        private void save(CellRouting routing) {
            routing.sent().forEach((cell, since) -> sent.put(CellMapping.key(cell), String.format(Locale.ROOT,
                    "%d %s", since.statusTime().toEpochMilli(), Double.toString(since.cpus()))));
        }

        /** Each cell's latest status in the view, an empty one at the epoch for a cell not heard from. */
        private List<CellStatus> statuses() {
            var each = new ArrayList<CellStatus>(cells);
            for (int cell = 0; cell < cells; cell++) {
                var stored = statuses.get(CellMapping.key(cell));
                each.add(stored == null || stored.getCell() != cell ? CellStatus.empty(cell, Instant.EPOCH)
                        : CellMapping.cellStatus(stored));
            }
            return each;
        }
    }

    /** Sends reports to their job's cell. */
    static final class Reports extends RouterProcessor<TaskReport> {

        Reports(String sourceTopic, int cells) {
            super(sourceTopic, cells);
        }

        @Override
        public void process(Record<String, Decoded<TaskReport>> record) {
            var report = record.value().value();
            if (!report.getJobId().equals(record.key())) {
                deadLetter(record, "record key '" + record.key() + "' is not the report's job id '"
                        + report.getJobId() + "'");
                return;
            }
            var cell = routed.get(report.getJobId());
            if (cell == null) {
                deadLetter(record, "report of job " + report.getJobId() + ", which no cell runs: the router never "
                        + "routed it");
                return;
            }
            context.forward(new Record<>(record.key(), RouterOutput.report(new CellRecord(cell, record.value().raw())),
                    record.timestamp()));
        }
    }

    String sourceTopic() {
        return sourceTopic;
    }
}
