package io.gleaner.simulator.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.planner.core.Job;
import io.gleaner.planner.events.EventMapping;
import io.gleaner.schemas.avro.JobSubmitted;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The user assignment over the whole SWIM FB-2009 day, with COSHH's Facebook users. */
class Fb2009UserAssignmentTest {

    private static final Logger log = LoggerFactory.getLogger(Fb2009UserAssignmentTest.class);

    @Test
    void shouldGiveEveryFb2009JobAUserAndSpreadThemOverSeveralUsers() throws IOException {
        var workload = Workloads.preset(Workloads.COSHH_FACEBOOK);
        var jobs = fb2009();

        var assigned = UserAssignment.of(workload).assignAll(jobs);

        // SwimTraceReader.FB_2009_RESOURCE: the bundled day has 5,894 jobs, none rejected.
        assertThat(assigned).hasSize(5_894);
        var users = workload.users().stream().map(WorkloadUser::user).toList();
        assertThat(assigned).allSatisfy(job -> assertThat(job.user()).isIn(users));
        assertThat(assigned).extracting(Job::jobId).containsExactlyElementsOf(jobs.stream().map(Job::jobId).toList());
        var perUser = new LinkedHashMap<String, Long>();
        users.forEach(user -> perUser.put(user, 0L));
        assigned.forEach(job -> perUser.merge(job.user(), 1L, Long::sum));
        log.info("FB-2009 jobs per coshh-facebook user (category): {}", describe(workload, perUser));
        assertThat(perUser.values().stream().filter(count -> count > 0)).hasSizeGreaterThanOrEqualTo(3);
    }

    private static String describe(Workload workload, Map<String, Long> perUser) {
        return workload.users().stream()
                .map(u -> u.user() + " (" + u.category().name() + ") " + perUser.get(u.user()))
                .collect(Collectors.joining(", "));
    }

    private static List<Job> fb2009() throws IOException {
        var jobs = new ArrayList<Job>();
        try (var reader = SwimTraceReader.fb2009(SwimJobRule.defaults(), SwimTraceReader.NO_LIMIT)) {
            while (reader.hasNext()) {
                var row = reader.next();
                assertThat(row).as("FB-2009 line %d", row.line()).isInstanceOf(TraceRow.Parsed.class);
                @SuppressWarnings("unchecked")
                var parsed = (TraceRow.Parsed<JobSubmitted>) row;
                jobs.add(EventMapping.job(parsed.value()).orElseThrow(IllegalStateException::new));
            }
        }
        return jobs;
    }
}
