package io.gleaner.simulator.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.planner.core.Job;
import io.gleaner.simulator.suite.SuiteWorkload.Part;
import org.junit.jupiter.api.Test;

class SuiteWorkloadTest {

    @Test
    void shouldPutTheDevelopmentDayAndLowSyntheticSeedsInTheTuningPart() {
        assertThat(SuiteWorkload.parse("fb2009").part()).isEqualTo(Part.TUNE);
        assertThat(SuiteWorkload.parse("Synthetic-0").part()).isEqualTo(Part.TUNE);
        assertThat(SuiteWorkload.parse("synthetic-99").part()).isEqualTo(Part.TUNE);
        assertThat(SuiteWorkload.parse("synthetic-100").part()).isEqualTo(Part.REPORT);
        assertThat(SuiteWorkload.parse("google2011").part()).isEqualTo(Part.REPORT);
    }

    @Test
    void shouldRefuseAnUnknownName() {
        for (var bad : new String[] {"fb2010", "synthetic-", "synthetic--1", "synthetic-x"}) {
            assertThatThrownBy(() -> SuiteWorkload.parse(bad)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("unknown workload");
        }
    }

    @Test
    void shouldGiveTheFirstJobsOfEachWorkload() {
        var catalog = new WorkloadCatalog();

        assertThat(catalog.jobs(SuiteWorkload.parse("fb2009"), 3)).extracting(Job::jobId)
                .containsExactly("job0", "job1", "job2");
        assertThat(catalog.jobs(SuiteWorkload.parse("synthetic-7"), 3)).extracting(Job::jobId)
                .containsExactly("synthetic-7/job0", "synthetic-7/job1", "synthetic-7/job2");
        assertThat(catalog.jobs(SuiteWorkload.parse("google2011"), 10_000)).hasSize(482);
    }
}
