package io.gleaner.planner.topology;

import io.gleaner.planner.core.Checked;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.core.PlannerCell;
import io.gleaner.planner.core.Verdict;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;

/** Adds submitted jobs to the planner's queue. */
final class JobProcessor extends CellProcessor<JobSubmitted, Job> {

    JobProcessor(String sourceTopic, TaskStates states) {
        super(sourceTopic, states, "job");
    }

    @Override
    Checked<Job> toCore(JobSubmitted event) {
        return EventMapping.job(event);
    }

    @Override
    KeyedBy keyedBy(JobSubmitted event) {
        return new KeyedBy("the job id", event.getJobId());
    }

    @Override
    Verdict apply(PlannerCell cell, Job job) {
        return cell.onJob(job);
    }
}
