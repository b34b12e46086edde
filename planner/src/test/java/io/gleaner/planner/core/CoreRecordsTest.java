package io.gleaner.planner.core;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CoreRecordsTest {

    @Test
    void trustedValidRecordIsReturned() {
        var checked = Checked.of(() -> res(2, 1));

        assertThat(checked.orElseThrow(IllegalStateException::new)).isEqualTo(res(2, 1));
    }

    @Test
    void trustedInvalidRecordThrowsWhatTheCallerMakesOfTheReason() {
        var checked = Checked.of(() -> new CpuMemory(-1, 0));

        assertThatThrownBy(() -> checked.orElseThrow(reason -> new IllegalStateException("stored: " + reason)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("stored: cpus must be finite and >= 0, was -1.0");
    }

    @Test
    void shouldRejectAGroupWithoutTasks() {
        var checked = Checked.of(() -> new PhaseTasks(TaskKind.MAP, 0, 1, 1, 1, res(1, 1), Optional.empty(), 0));

        assertThat(checked).isEqualTo(new Checked.Invalid<>("MAP count must be > 0, was 0"));
    }

    @Test
    void shouldRejectNegativeTaskSizes() {
        var checked = Checked.of(() -> new PhaseTasks(TaskKind.REDUCE, 2, -5, 1, 1, res(1, 1), Optional.empty(), 0));

        assertThat(checked).isEqualTo(new Checked.Invalid<>("REDUCE bytesPerTask must be >= 0, was -5"));
    }

    @Test
    void shouldRejectNegativeJobSizes() {
        var checked = Checked.of(() -> new Job("j1", "n", "u", "q", 0, at(1), Optional.empty(), -1, 0, 0,
                List.of(maps(1))));

        assertThat(checked).isEqualTo(new Checked.Invalid<>("inputBytes must be >= 0, was -1 for job j1"));
    }

    @Test
    void shouldRejectAJobWithTwoGroupsOfOneKind() {
        assertThatThrownBy(() -> job("j1", at(1), maps(1), maps(2)))
                .hasMessage("job j1 has more than one MAP group");
    }

    @Test
    void shouldRejectASubmitTimeBeforeTheEpoch() {
        assertThatThrownBy(() -> job("j1", Instant.ofEpochMilli(-1), maps(1)))
                .hasMessageStartingWith("submitTime must not be before 1970-01-01T00:00:00Z");
    }

    @Test
    void shouldRejectMoreFreeSlotsThanSlots() {
        assertThatThrownBy(() -> new NodeState("n1", at(1), "r", List.of(), res(4, 4), 1, 2, res(4, 4), 3, List.of()))
                .hasMessage("freeSlots must be in 0..2, was 3 for node n1");
    }

    @Test
    void shouldRejectADecisionIdThatDoesNotNameTheAttempt() {
        assertThatThrownBy(() -> new TaskOutcome("j1/m/0/1", "j1", TaskKind.MAP, 0, 0, "n1",
                TaskOutcome.State.SUCCEEDED, at(1)))
                .hasMessage("decisionId must be j1/m/0/0, was j1/m/0/1");
    }

    @Test
    void shouldNameDecisionsByJobKindIndexAndAttempt() {
        assertThat(new TaskAttempt("j1", TaskKind.MAP, 3, 0).decisionId()).isEqualTo("j1/m/3/0");
        assertThat(new TaskAttempt("j1", TaskKind.REDUCE, 0, 2).decisionId()).isEqualTo("j1/r/0/2");
    }

    @Test
    void shouldParsePolicyNames() {
        assertThat(PolicyName.parse(" FIFO ")).isEqualTo(PolicyName.FIFO);
        assertThat(PolicyName.parse("Fair")).isEqualTo(PolicyName.FAIR);
        assertThat(PolicyName.parse("cuckoo")).isEqualTo(PolicyName.CUCKOO);
    }

    @Test
    void shouldListTheAllowedPoliciesWhenTheNameIsUnknown() {
        assertThatThrownBy(() -> PolicyName.parse("fiffo"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown policy 'fiffo'; expected one of fifo, fair, coshh, salamander, cuckoo, johnson, balanced-pools, mdasa, ndasa, edf, adaptive, ras, reverse-adaptive");
    }

    @Test
    void shouldOrderKeysBySubmitTimeThenJobId() {
        var keys = new java.util.ArrayList<>(List.of(
                JobOrder.key(at(10), "b"), JobOrder.key(at(9), "z"), JobOrder.key(at(10), "a")));

        keys.sort(JobOrder.KEYS);

        assertThat(keys).containsExactly(
                "0000000000000009000/z", "0000000000000010000/a", "0000000000000010000/b");
    }

    @Test
    void shouldOrderJobsAsTheirKeysSort() {
        // Ties in the millisecond (a sub-millisecond difference is not in the key), and ids that UTF-16 and code
        // points order differently (a supplementary character against one just below the surrogates).
        var random = new Random(3);
        String[] ids = {"a", "b", "a1", "\uFFFD", "\uD83D\uDE00", "z", "job-10", "job-9"};
        var jobs = new ArrayList<Job>();
        for (int n = 0; n < 200; n++) {
            var submit = Instant.ofEpochMilli(random.nextInt(5)).plusNanos(random.nextInt(1_000_000));
            jobs.add(job(ids[random.nextInt(ids.length)] + n % 3, submit, maps(1)));
        }

        var byComparator = jobs.stream().sorted(JobOrder.JOBS).map(JobOrder::key).toList();
        var byKey = jobs.stream().map(JobOrder::key).sorted(JobOrder.KEYS).toList();

        assertThat(byComparator).isEqualTo(byKey);
        assertThat(JobOrder.key(Instant.ofEpochMilli(Long.MAX_VALUE), "x")).isEqualTo(Long.MAX_VALUE + "/x");
        assertThatThrownBy(() -> JobOrder.JOBS.compare(
                job("a", Instant.ofEpochMilli(-1), maps(1)), job("b", Instant.EPOCH, maps(1))))
                .hasMessageContaining("must not be before");
    }

    @Test
    void shouldTakeAndAddResources() {
        var free = res(4, 8);

        assertThat(free.minus(res(1, 2))).isEqualTo(res(3, 6));
        assertThat(free.plus(res(1, 2))).isEqualTo(res(5, 10));
        assertThat(free.fits(res(4, 9))).isFalse();
        assertThatThrownBy(() -> free.minus(res(5, 1))).isInstanceOf(IllegalArgumentException.class);
    }
}
