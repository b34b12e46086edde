package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.map;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.placed;
import static io.gleaner.planner.core.PlannerFixtures.reduces;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ConcurrentModificationException;
import org.junit.jupiter.api.Test;

class InMemoryPlannerStateTest {

    private final InMemoryPlannerState state = new InMemoryPlannerState();

    @Test
    void shouldKeepTheQueueInFifoOrderWhateverTheOrderOfPuts() {
        state.putJob(JobProgress.start(job("b", at(20), maps(1))));
        state.putJob(JobProgress.start(job("z", at(10), maps(1))));
        state.putJob(JobProgress.start(job("a", at(20), maps(1))));

        assertThat(state.queue()).extracting(JobProgress::jobId).containsExactly("z", "a", "b");
        assertThat(state.queue().get(2).jobId()).isEqualTo("b");
        assertThat(state.queue()).hasSize(3);
    }

    @Test
    void shouldShowAnUpdatedProgressInPlace() {
        var job = job("j1", at(10), maps(2));
        state.putJob(JobProgress.start(job));
        state.putJob(JobProgress.start(job("j2", at(20), maps(1))));

        var updated = placed(job, map(job, 0, 0));
        state.putJob(updated);

        assertThat(state.queue()).extracting(JobProgress::jobId).containsExactly("j1", "j2");
        assertThat(state.queue().get(0)).isEqualTo(updated);
        assertThat(state.job("j1")).contains(updated);
    }

    @Test
    void shouldFollowTheLeastDemandAsJobsComeAndGo() {
        var wide = job("wide", at(10), maps(1, res(2, 1)));
        var tall = job("tall", at(20), maps(1, res(1, 4)), reduces(1, res(3, 8)));

        assertThat(state.leastDemand()).isEqualTo(CpuMemory.NONE);
        state.putJob(JobProgress.start(wide));
        state.putJob(JobProgress.start(tall));
        // the least CPU (1, a map of "tall") and the least RAM (1 GiB, "wide"), each on its own
        assertThat(state.leastDemand()).isEqualTo(res(1, 1));
        state.putJob(placed(tall, map(tall, 0, 0)));
        assertThat(state.leastDemand()).isEqualTo(res(1, 1));

        state.deleteJob(wide);
        assertThat(state.leastDemand()).isEqualTo(res(1, 4));
        state.deleteJob(tall);
        assertThat(state.leastDemand()).isEqualTo(CpuMemory.NONE);
        assertThat(state.queue()).isEmpty();
    }

    @Test
    void shouldCountEqualDemandsOfSeveralJobsUntilTheLastLeaves() {
        var first = job("j1", at(10), maps(1, res(1, 2)));
        var second = job("j2", at(20), maps(1, res(1, 2)));
        var big = job("j3", at(30), maps(1, res(4, 16)));
        state.putJob(JobProgress.start(first));
        state.putJob(JobProgress.start(second));
        state.putJob(JobProgress.start(big));

        state.deleteJob(first);

        assertThat(state.leastDemand()).isEqualTo(res(1, 2));
        state.deleteJob(second);
        assertThat(state.leastDemand()).isEqualTo(res(4, 16));
    }

    @Test
    void shouldHandOutAReadOnlyQueue() {
        state.putJob(JobProgress.start(job("j1", at(10), maps(1))));
        var queue = state.queue();

        assertThatThrownBy(queue::clear).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> queue.iterator().remove()).isInstanceOf(UnsupportedOperationException.class);
        assertThat(state.queue()).hasSize(1);
    }

    @Test
    void shouldFailAnIterationThatOutlivesAChangeOfTheQueue() {
        state.putJob(JobProgress.start(job("j1", at(10), maps(1))));
        state.putJob(JobProgress.start(job("j2", at(20), maps(1))));
        var iterator = state.queue().iterator();
        iterator.next();

        state.putJob(JobProgress.start(job("j0", at(5), maps(1))));

        assertThatThrownBy(iterator::next).isInstanceOf(ConcurrentModificationException.class);
    }
}
