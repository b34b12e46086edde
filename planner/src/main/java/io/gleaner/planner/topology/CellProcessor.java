package io.gleaner.planner.topology;

import io.gleaner.planner.core.CapacityOutlook;
import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobStep;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.PolicyOutputs;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.core.cells.CellStatus;
import io.gleaner.planner.events.CellMapping;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobClass;
import io.gleaner.runtime.DeadLetters;
import io.gleaner.runtime.Decoded;
import io.gleaner.runtime.metrics.GleanerMeters;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Optional;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies one decoded input to the {@link PlannerCell} over the state stores, in three steps: map the event
 * to a core record, let the cell read and write the stores, forward its placements (keyed by node, stamped
 * with the heartbeat's time) and data placements (keyed by dataset), the rejected admission of a job the cell refused
 * (keyed by job id), the jobs' life-cycle steps (keyed by job id, stamped with their event time), or, for an invalid
 * input, a dead letter with the original bytes. The state over
 * the stores is the task's shared one ({@link TaskStates}).
 *
 * @param <V> the Avro event
 * @param <T> the core record it maps to
 */
abstract class CellProcessor<V, T> implements Processor<String, Decoded<V>, String, PlannerOutput> {

    private static final Logger log = LoggerFactory.getLogger(CellProcessor.class);

    private final String sourceTopic;
    private final TaskStates states;
    /** What the processor takes, as the decision-time metric labels it: job, heartbeat or report. */
    private final String inputName;
    private ProcessorContext<String, PlannerOutput> context;
    private CapacityOutlook outlook = CapacityOutlook.NONE;
    private JobHistory history = JobHistory.NONE;
    private KeyValueStore<String, Long> publishedClasses;
    /** When this processor last counted its task's queue by user for the metrics, in event time; null before. */
    private Instant usersCounted;
    /** With several cells, when this task's cell last took its status; null with one. */
    private KeyValueStore<String, Long> statusTaken;

    CellProcessor(String sourceTopic, TaskStates states, String inputName) {
        this.sourceTopic = sourceTopic;
        this.states = states;
        this.inputName = inputName;
    }

    /** Maps the event to its core record, or says why it is invalid. */
    abstract Checked<T> toCore(V event);

    /**
     * What the record's key must be, e.g. {@code the job id 'j1'}: every input is keyed by the id of its subject, as
     * the other stages require too, so that a record the planner takes is one every stage takes.
     */
    abstract KeyedBy keyedBy(V event);

    /** The id a record's key must equal, and what that id is, for the reason when it does not. */
    record KeyedBy(String what, String id) {
    }

    /** Applies the core record to the cell. */
    abstract Verdict apply(PlannerCell cell, T input);

    /**
     * The heartbeat's time if {@code input} is a heartbeat, empty otherwise: before a heartbeat a cell of several takes
     * its status when one is due (docs/cells.md#the-topology), and after one the queue is counted for the metrics.
     */
    Optional<Instant> heartbeatTime(T input) {
        return Optional.empty();
    }

    @Override
    public void init(ProcessorContext<String, PlannerOutput> context) {
        this.context = context;
        this.outlook = ForecastOutlook.of(context);
        this.history = ProfileHistory.of(context);
        this.publishedClasses = context.getStateStore(PlannerStores.PUBLISHED_CLASSES);
        this.statusTaken = states.cells() > 1 ? context.getStateStore(PlannerStores.CELL_STATUS_TAKEN) : null;
        // The stores may have been restored since the task's copy was read.
        states.forget(context);
    }

    @Override
    public void close() {
        if (context != null) {
            states.forget(context);
        }
    }

    /**
     * What the policy decided besides placements on this record: COSHH's classes go to {@code jobs.classes}, with a
     * tombstone for each class of the previous publication that is gone (whichever processor published it, before a
     * restart too: {@link PlannerStores#PUBLISHED_CLASSES}), and both plans to {@code plans}; the admissions that changed
     * go to {@code jobs.admissions}, keyed by job (their ADMITTED or REJECTED steps are among the verdict's steps).
     */
    private void publish(PolicyOutputs outputs, long timestamp) {
        outputs.classesAndPlans().ifPresent(update -> {
            var classes = ClassPlanMapping.jobClasses(update);
            var current = new HashSet<String>();
            for (var jobClass : classes) {
                current.add(jobClass.getClassId());
                context.forward(new Record<>(jobClass.getClassId(), PlannerOutput.of(jobClass), timestamp));
            }
            var gone = new ArrayList<String>();
            try (var previous = publishedClasses.all()) {
                previous.forEachRemaining(entry -> {
                    if (!current.contains(entry.key)) {
                        gone.add(entry.key);
                    }
                });
            }
            for (var id : gone) {
                context.forward(new Record<>(id, PlannerOutput.of((JobClass) null), timestamp));
                publishedClasses.delete(id);
            }
            current.forEach(id -> publishedClasses.put(id, update.issuedAt().toEpochMilli()));
            for (var plan : ClassPlanMapping.classPlans(update)) {
                context.forward(new Record<>(plan.getPlanId(), PlannerOutput.of(plan), timestamp));
            }
            log.debug("published {} classes and both plans at {}", classes.size(), update.issuedAt());
        });
        for (var admission : outputs.admissions()) {
            context.forward(new Record<>(admission.jobId(), PlannerOutput.of(EventMapping.jobAdmission(admission)),
                    timestamp));
        }
    }

    /** A step of a job's life cycle goes to {@code jobs.events}, keyed by job, stamped with its event time. */
    private void publish(JobStep step) {
        log.debug("job {} {} at {}", step.jobId(), step.type(), step.time());
        GleanerMeters.jobStep(step.type().name());
        context.forward(new Record<>(step.jobId(), PlannerOutput.of(EventMapping.jobEvent(step)),
                step.time().toEpochMilli()));
    }

    /**
     * This task's cell takes its status before an input at {@code time} when one is due ({@link CellStatus#due}) and
     * publishes it on {@code cells.status}, keyed by the cell, which is the task's partition of the cell topics.
     */
    private void takeStatusIfDue(Instant time) {
        var taken = statusTaken.get(PlannerStores.STATUS_TAKEN);
        if (!CellStatus.due(taken == null ? null : Instant.ofEpochMilli(taken), time)) {
            return;
        }
        int index = context.taskId().partition();
        var state = states.of(context);
        var status = CellStatus.of(index, time, state.heardBefore(Instant.MAX), state.queue(), outlook);
        context.forward(new Record<>(CellMapping.key(index), PlannerOutput.of(CellMapping.cellStatus(status)),
                time.toEpochMilli()));
        statusTaken.put(PlannerStores.STATUS_TAKEN, time.toEpochMilli());
    }

    /**
     * Counts the task's queued tasks and running attempts by user for the metrics ({@link GleanerMeters#userLoad}), at
     * most once a second of event time: the count reads the whole queue.
     */
    private void countUsersIfDue(Instant time) {
        if (usersCounted != null && time.isBefore(usersCounted.plusSeconds(1))) {
            return;
        }
        usersCounted = time;
        var byUser = new HashMap<String, GleanerMeters.UserLoad>();
        for (var progress : states.of(context).queue()) {
            long queued = progress.maps().unstarted() + progress.reduces().unstarted();
            byUser.merge(progress.job().user(), new GleanerMeters.UserLoad(queued, progress.running()),
                    GleanerMeters.UserLoad::plus);
        }
        GleanerMeters.userLoad(context.taskId().toString(), byUser);
    }

    @Override
    public void process(Record<String, Decoded<V>> record) {
        var decoded = record.value();
        var keyedBy = keyedBy(decoded.value());
        var checked = keyedBy.id().equals(record.key()) ? toCore(decoded.value())
                : new Checked.Invalid<T>("record key '" + record.key() + "' is not " + keyedBy.what() + " '"
                        + keyedBy.id() + "'");
        var cell = new PlannerCell(states.policy(context), states.of(context), outlook, history,
                states.liveness(), states.retries());
        if (statusTaken != null && checked instanceof Checked.Valid<T> valid) {
            heartbeatTime(valid.value()).ifPresent(this::takeStatusIfDue);
        }
        var started = System.nanoTime();
        var verdict = checked instanceof Checked.Valid<T> valid
                ? apply(cell, valid.value())
                : new Verdict.Invalid(((Checked.Invalid<T>) checked).reason());
        GleanerMeters.decisionTime(states.policyName(), inputName, Duration.ofNanos(System.nanoTime() - started));
        if (verdict instanceof Verdict.Applied applied) {
            for (var loss : applied.lost()) {
                GleanerMeters.nodeLost(loss.relaunchedAttempts().size());
                log.info("node {} lost at {}: silent since {}; relaunching its attempts {}", loss.nodeId(),
                        loss.lostAt(), loss.lastHeartbeat(), loss.relaunchedAttempts());
            }
            applied.dataPlacement().ifPresent(data -> context.forward(new Record<>(data.dataset(),
                    PlannerOutput.of(EventMapping.dataPlacement(data)), data.time().toEpochMilli())));
            for (var placement : applied.placements()) {
                log.debug("placed {} on {} at epoch {}", placement.decisionId(), placement.nodeId(), placement.epoch());
                context.forward(new Record<>(placement.nodeId(), PlannerOutput.of(EventMapping.placementDecision(placement)),
                        placement.epoch()));
            }
            GleanerMeters.placements(states.policyName(), applied.placements().size());
            if (checked instanceof Checked.Valid<T> valid) {
                heartbeatTime(valid.value()).ifPresent(this::countUsersIfDue);
            }
            applied.steps().forEach(this::publish);
            publish(applied.outputs(), record.timestamp());
        } else if (verdict instanceof Verdict.Refused refused) {
            var admission = refused.admission();
            log.info("refused job {}: {}", admission.jobId(), admission.reason().orElseThrow());
            context.forward(new Record<>(admission.jobId(), PlannerOutput.of(EventMapping.jobAdmission(admission)),
                    record.timestamp()));
            refused.steps().forEach(this::publish);
        } else if (verdict instanceof Verdict.Ignored ignored) {
            log.debug("ignored record of {} with key {}: {}", sourceTopic, record.key(), ignored.why());
        } else {
            var reason = ((Verdict.Invalid) verdict).reason();
            var deadLetter = DeadLetters.of(context.recordMetadata(), sourceTopic, record.key(), decoded.raw(),
                    record.timestamp(), reason, PlannerTopology.STAGE);
            log.warn("dead letter from {} partition {} offset {}: {}", deadLetter.getSourceTopic(),
                    deadLetter.getPartition(), deadLetter.getOffset(), reason);
            context.forward(record.withValue(PlannerOutput.of(deadLetter)));
        }
    }
}
