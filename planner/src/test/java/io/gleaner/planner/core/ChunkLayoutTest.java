package io.gleaner.planner.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ChunkLayoutTest {

    private static final List<String> FIVE = List.of("a", "b", "c", "d", "e");

    @Test
    void shouldPutChunkReplicasOnConsecutiveNodesFromTheStart() {
        var layout = ChunkLayout.of(FIVE, 3);

        // chunk i: positions (3 + i + j) mod 5, j = 0, 1, 2
        assertThat(layout.replicas(0)).containsExactly("d", "e", "a");
        assertThat(layout.replicas(4)).containsExactly("c", "d", "e");
        assertThat(layout.replicas(7)).containsExactly("a", "b", "c");
        // 10^12 mod 5 = 0, so like chunk 0
        assertThat(layout.replicas(1_000_000_000_000L)).containsExactly("d", "e", "a");
    }

    @Test
    void shouldUseNoMoreReplicasThanNodes() {
        assertThat(ChunkLayout.of(FIVE, 0).replication()).isEqualTo(3);
        assertThat(ChunkLayout.of(List.of("a", "b"), 1).replicas(0)).containsExactly("b", "a");
        assertThat(ChunkLayout.of(List.of("solo"), 0).replicas(41)).containsExactly("solo");
    }

    @Test
    void shouldTellWhetherANodeHoldsAChunk() {
        var layout = ChunkLayout.of(FIVE, 3);

        assertThat(layout.isLocal(4, "c")).isTrue();
        assertThat(layout.isLocal(4, "e")).isTrue();
        assertThat(layout.isLocal(4, "a")).isFalse();
        assertThat(layout.isLocal(4, "z")).as("a node the layout does not list").isFalse();
    }

    @Test
    void shouldNameTheLocalTasksOfAGroupAsProgressions() {
        // 5 nodes, start 3, group reading chunks 100..: task t reads chunk 100 + t, whose first replica is at
        // (3 + 100 + t) mod 5 = (3 + t) mod 5. Node "a" (position 0) holds it when (3 + t + j) mod 5 = 0 for some
        // j in 0..2, i.e. t = 2, 1, 0 (mod 5).
        var layout = ChunkLayout.of(FIVE, 3);

        assertThat(layout.localTasks("a", 100, 12)).containsExactly(
                new IndexProgression(0, 5), new IndexProgression(1, 5), new IndexProgression(2, 5));
        assertThat(layout.localTasks("a", 100, 2)).as("no progression starts past the count")
                .containsExactly(new IndexProgression(0, 5), new IndexProgression(1, 5));
        assertThat(layout.localTasks("z", 100, 12)).isEmpty();
    }

    @Test
    void shouldGiveANodeNamedTwiceInTheSequenceTwiceTheChunks() {
        // positions a b a c, two replicas: chunk i on positions (i, i+1) mod 4 -> (a,b) (b,a) (a,c) (c,a)
        var layout = new ChunkLayout(List.of("a", "b", "a", "c"), 0, 2);

        assertThat(layout.replicas(2)).containsExactly("a", "c");
        assertThat(layout.replicas(3)).containsExactly("c", "a");
        assertThat(layout.isLocal(1, "a")).isTrue();
        assertThat(layout.isLocal(2, "b")).isFalse();
        assertThat(layout.localTasks("a", 0, 8)).as("every chunk has a replica on a").containsExactly(
                new IndexProgression(0, 4), new IndexProgression(1, 4), new IndexProgression(2, 4),
                new IndexProgression(3, 4));
        assertThat(layout.localTasks("b", 0, 8)).containsExactly(new IndexProgression(0, 4),
                new IndexProgression(1, 4));
    }

    @Test
    void shouldAgreeWithAScanOfEveryTaskOnRandomWeightedSequences() {
        var random = new Random(20200511L);
        int trials = 0;
        while (trials < 300) {
            int distinct = 1 + random.nextInt(6);
            int length = distinct + random.nextInt(10);
            var nodes = new ArrayList<String>();
            for (int i = 0; i < length; i++) {
                nodes.add("node-" + random.nextInt(distinct));
            }
            ChunkLayout layout;
            try {
                layout = new ChunkLayout(nodes, random.nextInt(length), 1 + random.nextInt(Math.min(3, length)));
            } catch (IllegalArgumentException repeatedInAWindow) {
                continue;
            }
            trials++;
            long firstChunk = random.nextLong(1_000_000L);
            int count = random.nextInt(60);
            for (var node : new TreeSet<>(nodes)) {
                var scanned = new TreeSet<Integer>();
                for (int t = 0; t < count; t++) {
                    if (layout.replicas(firstChunk + t).contains(node)) {
                        scanned.add(t);
                    }
                    assertThat(layout.isLocal(firstChunk + t, node))
                            .isEqualTo(layout.replicas(firstChunk + t).contains(node));
                }
                var enumerated = new TreeSet<Integer>();
                for (var progression : layout.localTasks(node, firstChunk, count)) {
                    for (int t = progression.first(); t < count; t += progression.step()) {
                        assertThat(enumerated.add(t)).as("progressions overlap at %d in %s", t, layout).isTrue();
                    }
                }
                assertThat(enumerated).as("%s, node %s", layout, node).isEqualTo(scanned);
            }
        }
    }

    @Test
    void shouldAgreeWithAScanOfEveryTaskOnRandomLayouts() {
        var random = new Random(20100413L);
        for (int trial = 0; trial < 300; trial++) {
            int n = 1 + random.nextInt(12);
            var nodes = new ArrayList<String>();
            for (int i = 0; i < n; i++) {
                nodes.add("node-" + i);
            }
            var layout = new ChunkLayout(nodes, random.nextInt(n), 1 + random.nextInt(n));
            long firstChunk = random.nextLong(1_000_000_000_000L);
            int count = random.nextInt(200);
            for (var node : nodes) {
                var scanned = new TreeSet<Integer>();
                for (int t = 0; t < count; t++) {
                    if (layout.isLocal(firstChunk + t, node)) {
                        scanned.add(t);
                    }
                }
                var enumerated = new TreeSet<Integer>();
                for (var progression : layout.localTasks(node, firstChunk, count)) {
                    assertThat(progression.step()).isEqualTo(n);
                    for (int t = progression.first(); t < count; t += progression.step()) {
                        assertThat(enumerated.add(t)).as("progressions overlap at %d in %s", t, layout).isTrue();
                    }
                }
                assertThat(enumerated).as("%s, node %s, chunks %d + 0..%d", layout, node, firstChunk, count - 1)
                        .isEqualTo(scanned);
                // isLocal agrees with replicas
                if (count > 0) {
                    assertThat(layout.isLocal(firstChunk, node)).isEqualTo(layout.replicas(firstChunk).contains(node));
                }
            }
        }
    }

    @Test
    void shouldRefuseALayoutThatCannotHoldChunks() {
        assertThatThrownBy(() -> ChunkLayout.of(List.of(), 0))
                .hasMessage("chunk layout needs at least one node");
        assertThatThrownBy(() -> ChunkLayout.of(List.of("a", "b", "a"), 0))
                .hasMessage("chunk layout puts two replicas of a chunk on node a (positions 0 and 2 are fewer than 3"
                        + " apart)");
        assertThatThrownBy(() -> new ChunkLayout(List.of("a", "b", "c", "d", "a"), 0, 2))
                .as("windows wrap around: positions 4 and 0 hold chunk 4's replicas")
                .hasMessage("chunk layout puts two replicas of a chunk on node a (positions 4 and 0 are fewer than 2"
                        + " apart)");
        assertThatThrownBy(() -> ChunkLayout.of(FIVE, 5))
                .hasMessage("chunk layout start must be in 0..4, was 5");
        assertThatThrownBy(() -> new ChunkLayout(FIVE, 0, 6))
                .hasMessage("chunk layout replication must be in 1..5, was 6");
        assertThatThrownBy(() -> ChunkLayout.of(FIVE, 0).replicas(-1))
                .hasMessage("chunk index must be >= 0, was -1");
    }

    @Test
    void shouldTellAGroupsLocalTasksFromItsChunks() {
        // task t reads chunk 100 + t; as above, node "a" holds chunks whose t is 0, 1 or 2 mod 5
        var group = new PhaseTasks(TaskKind.MAP, 7, 1, 1, 1, new CpuMemory(1, 1), Optional.of("d"), 100,
                Optional.of(ChunkLayout.of(FIVE, 3)));
        var plain = new PhaseTasks(TaskKind.MAP, 7, 1, 1, 1, new CpuMemory(1, 1), Optional.of("d"), 100);

        assertThat(group.hasLocality()).isTrue();
        assertThat(group.isLocal(6, "a")).isTrue();
        assertThat(group.isLocal(3, "a")).isFalse();
        assertThat(group.localTasks("a")).containsExactly(
                new IndexProgression(0, 5), new IndexProgression(1, 5), new IndexProgression(2, 5));
        assertThat(plain.hasLocality()).isFalse();
        assertThat(plain.isLocal(6, "a")).isFalse();
        assertThat(plain.localTasks("a")).isEmpty();
    }

    @Test
    void shouldRefuseALayoutOnAGroupWithoutADataset() {
        assertThatThrownBy(() -> new PhaseTasks(TaskKind.MAP, 2, 1, 1, 1, new CpuMemory(1, 1),
                Optional.empty(), 0, Optional.of(ChunkLayout.of(FIVE, 0))))
                .hasMessage("MAP group has a chunk layout but no dataset");
    }
}
