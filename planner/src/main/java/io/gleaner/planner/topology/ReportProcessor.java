package io.gleaner.planner.topology;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.TaskOutcome;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.runtime.metrics.GleanerMeters;
import io.gleaner.schemas.avro.TaskReport;

/** Applies task reports to their jobs' progress (success, or relaunch as the next attempt). */
final class ReportProcessor extends CellProcessor<TaskReport, TaskOutcome> {

    ReportProcessor(String sourceTopic, TaskStates states) {
        super(sourceTopic, states, "report");
    }

    @Override
    Checked<TaskOutcome> toCore(TaskReport event) {
        return EventMapping.taskOutcome(event);
    }

    @Override
    KeyedBy keyedBy(TaskReport event) {
        return new KeyedBy("the report's job id", event.getJobId());
    }

    @Override
    Verdict apply(PlannerCell cell, TaskOutcome outcome) {
        var verdict = cell.onOutcome(outcome);
        if (verdict instanceof Verdict.Applied) {
            GleanerMeters.attemptEnded(outcome.state().name());
        }
        return verdict;
    }
}
