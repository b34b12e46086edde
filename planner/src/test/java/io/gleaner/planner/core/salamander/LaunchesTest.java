package io.gleaner.planner.core.salamander;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.planner.core.TaskKind;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class LaunchesTest {

    private static HolisticPlanning.Launch launch(String jobId, int task, String nodeId) {
        return new HolisticPlanning.Launch(jobId, TaskKind.MAP, task, nodeId, Instant.EPOCH, 1);
    }

    private final Launches launches = new Launches();

    @Test
    void shouldListANodesLaunchesAndForgetAJobsOnes() {
        launches.put("a/MAP/0", launch("a", 0, "n1"));
        launches.put("a/MAP/1", launch("a", 1, "n2"));
        launches.put("b/MAP/0", launch("b", 0, "n1"));

        assertThat(launches.onNode("n1")).extracting(HolisticPlanning.Launch::jobId)
                .containsExactlyInAnyOrder("a", "b");

        launches.removeJob("a");

        assertThat(launches.onNode("n1")).extracting(HolisticPlanning.Launch::jobId).containsExactly("b");
        assertThat(launches.onNode("n2")).isEmpty();
        assertThat(launches.byTask()).containsOnlyKeys("b/MAP/0");
    }

    @Test
    void shouldMoveATaskRelaunchedOnAnotherNode() {
        launches.put("a/MAP/0", launch("a", 0, "n1"));
        launches.put("a/MAP/0", launch("a", 0, "n2"));

        assertThat(launches.onNode("n1")).isEmpty();
        assertThat(launches.onNode("n2")).hasSize(1);
        assertThat(launches.byTask()).hasSize(1);
    }

    @Test
    void shouldKeepOnlyTheLaunchesOfTheJobsKept() {
        launches.put("a/MAP/0", launch("a", 0, "n1"));
        launches.put("b/MAP/0", launch("b", 0, "n1"));
        launches.put("c/MAP/0", launch("c", 0, "n2"));

        launches.retainJobs(jobId -> !jobId.equals("b"));

        assertThat(launches.byTask()).containsOnlyKeys("a/MAP/0", "c/MAP/0");
        assertThat(launches.onNode("n1")).extracting(HolisticPlanning.Launch::jobId).containsExactly("a");
        launches.removeJob("nobody");
        assertThat(launches.byTask()).hasSize(2);
    }
}
