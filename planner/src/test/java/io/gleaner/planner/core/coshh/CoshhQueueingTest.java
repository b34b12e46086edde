package io.gleaner.planner.core.coshh;

import static io.gleaner.planner.core.PlannerFixtures.at;
import static io.gleaner.planner.core.PlannerFixtures.job;
import static io.gleaner.planner.core.PlannerFixtures.maps;
import static io.gleaner.planner.core.PlannerFixtures.res;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.gleaner.classifier.estimate.NodeType;
import io.gleaner.classifier.estimate.ProfileBuilder;
import io.gleaner.classifier.estimate.TaskRun;
import io.gleaner.planner.core.JobHistory;
import io.gleaner.planner.core.JobOrder;
import io.gleaner.planner.core.JobProgress;
import io.gleaner.planner.core.NodeState;
import io.gleaner.planner.core.Pool;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CoshhQueueingTest {

    private static final List<Pool> POOLS = List.of(new Pool("small", 2, 1), new Pool("large", 0, 2));

    /** A slow node of 2 slots at 2 GFLOP/s, or a fast one of 16 slots at 8 GFLOP/s. */
    private static NodeState node(String nodeId, boolean fast, Instant time) {
        int slots = fast ? 16 : 2;
        return new NodeState(nodeId, time, "rack-1", List.of(), res(slots, 64), fast ? 8.0 : 2.0, slots,
                res(slots, 64), slots, List.of());
    }

    /** Small jobs (2 maps) from "small" and large ones (400 maps) from "large", alternating, 60 s apart. */
    private static List<JobProgress> queue(int jobs) {
        var queue = new ArrayList<JobProgress>();
        for (int i = 0; i < jobs; i++) {
            boolean small = i % 2 == 0;
            queue.add(JobProgress.start(job("j" + i, small ? "small" : "large", at(60L * i), maps(small ? 2 : 400))));
        }
        return queue;
    }

    @Test
    void shouldSuggestEveryClassSomewhereAndPutEachJobInItsUsersClasses() {
        var queueing = new CoshhQueueing(POOLS, CoshhSettings.defaults());
        var jobs = queue(20);
        jobs.forEach(progress -> queueing.onJob(progress.job()));
        queueing.observeNode(node("slow", false, at(1_200)));
        var suggestions = queueing.observe(node("fast", true, at(1_200)), JobHistory.NONE, at(1_200));

        var update = queueing.takeChanges().orElseThrow();
        // Only "small" has a min share: the primary classification holds her jobs alone.
        assertThat(update.primaryClasses()).flatExtracting(c -> c.memberJobIds())
                .containsExactlyInAnyOrderElementsOf(jobs.stream().map(p -> p.job().jobId())
                        .filter(id -> Integer.parseInt(id.substring(1)) % 2 == 0).toList());
        assertThat(update.secondaryClasses()).flatExtracting(c -> c.memberJobIds()).hasSize(20);
        assertThat(update.primaryPlan().suggested()).containsOnlyKeys("fast", "slow");
        assertThat(update.ratesByNode().values()).allSatisfy(rates -> {
            // Four times the speed and eight times the slots: 32 times the rate.
            assertThat(rates.get("fast") / rates.get("slow")).isCloseTo(32.0, org.assertj.core.data.Offset.offset(0.5));
        });
        // Every job is suggested by some node in the secondary plan, and a small job by some node in the primary.
        for (var progress : jobs) {
            var jobId = progress.job().jobId();
            assertThat(suggestions.secondary("fast", jobId) || suggestions.secondary("slow", jobId)).as(jobId).isTrue();
        }
        assertThat(suggestions.primary("fast", "j0") || suggestions.primary("slow", "j0")).isTrue();
        assertThat(suggestions.primary("fast", "j1") || suggestions.primary("slow", "j1")).as("no min share").isFalse();
    }

    @Test
    void aHeartbeatWhileTheLpsAreSolvedIsAnsweredWithTheMatchingsInForce() {
        var held = new ArrayDeque<Runnable>();
        var queueing = new CoshhQueueing(POOLS, CoshhSettings.defaults(), Duration.ofSeconds(3), held::add);
        queue(10).forEach(progress -> queueing.onJob(progress.job()));
        queueing.observeNode(node("slow", false, at(600)));

        // The first classes ask for both LPs at 600 s; they are solved on the worker, which has not run.
        var during = queueing.observe(node("fast", true, at(600)), JobHistory.NONE, at(600));
        assertThat(held).isNotEmpty();
        assertThat(during.secondary("fast", "j0") || during.secondary("slow", "j0"))
                .as("no matching in force yet: no node suggests j0's class").isFalse();
        assertThat(queueing.takeChanges()).isEmpty();
        var stillDuring = queueing.observe(node("slow", false, at(602)), JobHistory.NONE, at(602));
        assertThat(stillDuring.secondary("slow", "j0") || stillDuring.secondary("fast", "j0")).isFalse();

        // Solved; in force from the first heartbeat at or after 600 s + 3 s, and published with it.
        held.forEach(Runnable::run);
        var after = queueing.observe(node("fast", true, at(603)), JobHistory.NONE, at(603));
        assertThat(after.secondary("fast", "j0") || after.secondary("slow", "j0")).isTrue();
        assertThat(queueing.takeChanges().orElseThrow().issuedAt()).as("solved over the state of").isEqualTo(at(600));
    }

    @Test
    void shouldSolveAgainWithoutALostNodeAtTheLossAndSuggestNoDataThere() {
        var queueing = new CoshhQueueing(POOLS, CoshhSettings.defaults());
        queue(10).forEach(progress -> queueing.onJob(progress.job()));
        queueing.observeNode(node("slow", false, at(600)));
        queueing.observe(node("fast", true, at(600)), JobHistory.NONE, at(600));
        assertThat(queueing.takeChanges().orElseThrow().secondaryPlan().suggested()).containsOnlyKeys("fast", "slow");

        queueing.onNodeLost("fast", at(615));

        var update = queueing.takeChanges().orElseThrow();
        assertThat(update.issuedAt()).isEqualTo(at(615));
        assertThat(update.primaryPlan().suggested()).containsOnlyKeys("slow");
        assertThat(update.secondaryPlan().suggested()).containsOnlyKeys("slow");
        assertThat(update.primaryPlan().allocations().values()).allSatisfy(byNode ->
                assertThat(byNode).doesNotContainKey("fast"));
        assertThat(update.ratesByNode().values()).allSatisfy(rates -> assertThat(rates).containsOnlyKeys("slow"));
        // The classes stay: only the nodes changed.
        assertThat(update.secondaryClasses()).flatExtracting(c -> c.memberJobIds()).hasSize(10);
        var nodes = queueing.suggestedNodes(job("j10", "small", at(620), maps(2)), JobHistory.NONE).orElseThrow();
        assertThat(nodes.suggested()).doesNotContain("fast");
        assertThat(nodes.others()).doesNotContain("fast");
    }

    @Test
    void shouldIgnoreTheLossOfANodeItNeverSaw() {
        var queueing = new CoshhQueueing(POOLS, CoshhSettings.defaults());
        queue(4).forEach(progress -> queueing.onJob(progress.job()));
        queueing.observe(node("fast", true, at(600)), JobHistory.NONE, at(600));
        queueing.takeChanges();

        queueing.onNodeLost("other", at(615));

        assertThat(queueing.takeChanges()).isEmpty();
    }

    @Test
    void shouldPublishOnlyAfterASolveAndSolveAgainWhenANodeJoins() {
        var queueing = new CoshhQueueing(POOLS, CoshhSettings.defaults());
        queue(10).forEach(progress -> queueing.onJob(progress.job()));
        queueing.observe(node("fast", true, at(600)), JobHistory.NONE, at(600));
        assertThat(queueing.takeChanges()).isPresent();

        queueing.observe(node("fast", true, at(603)), JobHistory.NONE, at(603));
        assertThat(queueing.takeChanges()).isEmpty();

        queueing.observe(node("fast-2", true, at(603)), JobHistory.NONE, at(603));
        var update = queueing.takeChanges().orElseThrow();
        assertThat(update.secondaryPlan().suggested()).containsOnlyKeys("fast", "fast-2");
        assertThat(update.issuedAt()).isEqualTo(at(603));
    }

    @Test
    void shouldTakeAJobsRatesFromItsNamesProfileWhenItHasOne() {
        // One large job (400 maps); its name ran before on the fast node type with maps of 10 ms each, far faster
        // than its bytes alone say (64 MiB x 3100 FLOP/B at 8 GFLOP/s is about 26 s a map).
        var job = JobProgress.start(job("j1", "large", at(60), maps(400))).job();
        var fastType = NodeType.of(16, 16, 64L << 30, 8.0).name();
        var runs = new ArrayList<TaskRun>();
        for (int t = 0; t < 4; t++) {
            runs.add(TaskRun.map("old", job.jobName(), fastType, at(0), at(0).plusMillis(10), 64L << 20));
        }
        var profile = ProfileBuilder.fromRun(runs);
        var withHistory = new CoshhQueueing(POOLS, CoshhSettings.defaults());
        var withoutHistory = new CoshhQueueing(POOLS, CoshhSettings.defaults());
        withHistory.onJob(job);
        withoutHistory.onJob(job);

        withHistory.observe(node("fast", true, at(600)), name -> name.equals(job.jobName())
                ? Optional.of(profile) : Optional.empty(), at(600));
        withoutHistory.observe(node("fast", true, at(600)), JobHistory.NONE, at(600));

        // 400 maps x 10 ms = 4 s on one slot: 0.25 jobs/s per slot, 16 slots.
        var rate = withHistory.takeChanges().orElseThrow().ratesByNode().get("S-1").get("fast");
        assertThat(rate).isCloseTo(4.0, within(1e-9));
        assertThat(withoutHistory.takeChanges().orElseThrow().ratesByNode().get("S-1").get("fast"))
                .isLessThan(rate / 100);
    }

    @Test
    void shouldNameWhereEachClassificationsMembersStart() {
        // Histories of 5 jobs: of 12 jobs queued, the secondary classification holds j7 to j11; the primary one, of
        // the min-share user's (even) jobs only, holds j2 to j10, so it reaches further back.
        var queueing = new CoshhQueueing(POOLS, new CoshhSettings(0, true, true, true, true, 5));
        var jobs = queue(12);
        jobs.forEach(progress -> queueing.onJob(progress.job()));

        var suggestions = queueing.observe(node("fast", true, at(1_200)), JobHistory.NONE, at(1_200));

        assertThat(suggestions.secondaryFrom()).isEqualTo(JobOrder.key(jobs.get(7).job().submitTime(), ""));
        assertThat(suggestions.primaryFrom()).isEqualTo(JobOrder.key(jobs.get(2).job().submitTime(), ""));
        assertThat(suggestions.secondary("fast", "j6")).isFalse();
        assertThat(suggestions.secondary("fast", "j7")).isTrue();
    }

    @Test
    void shouldClassifyTheSameWayForTheSameSeedAndJobs() {
        var first = new CoshhQueueing(POOLS, CoshhSettings.defaults().withSeed(3));
        var second = new CoshhQueueing(POOLS, CoshhSettings.defaults().withSeed(3));
        for (var queueing : List.of(first, second)) {
            queue(30).forEach(progress -> queueing.onJob(progress.job()));
            queueing.observeNode(node("slow", false, at(1_200)));
            queueing.observe(node("fast", true, at(1_200)), JobHistory.NONE, at(1_200));
        }

        assertThat(first.takeChanges()).isEqualTo(second.takeChanges());
    }

    @Test
    void shouldNameTheNodesThatSuggestANewJobsClassesAfterTakingItIn() {
        var queueing = new CoshhQueueing(POOLS, CoshhSettings.defaults());
        var newcomer = job("new", "small", at(1_300), maps(2));
        assertThat(queueing.suggestedNodes(newcomer, JobHistory.NONE)).as("no node beat yet").isEmpty();
        queue(20).forEach(progress -> queueing.onJob(progress.job()));
        queueing.observeNode(node("slow", false, at(1_200)));
        var suggestions = queueing.observe(node("fast", true, at(1_200)), JobHistory.NONE, at(1_200));

        var nodes = queueing.suggestedNodes(newcomer, JobHistory.NONE).orElseThrow();

        assertThat(nodes.suggested()).isNotEmpty();
        assertThat(nodes.suggested()).allSatisfy(node -> assertThat(suggestions.primary(node, "new")
                || suggestions.secondary(node, "new")).as(node).isTrue());
        assertThat(nodes.others()).allSatisfy(node -> assertThat(suggestions.primary(node, "new")
                || suggestions.secondary(node, "new")).as(node).isFalse());
        assertThat(nodes.suggested().size() + nodes.others().size()).isEqualTo(2);
    }
}
