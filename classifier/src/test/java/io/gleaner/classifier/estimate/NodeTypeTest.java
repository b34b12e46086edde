package io.gleaner.classifier.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NodeTypeTest {

    @Test
    void shouldNameANodeTypeByItsSlotsCoresRamAndSpeed() {
        assertThat(NodeType.of(16, 16, 24L << 30, 8.0)).isEqualTo(new NodeType("16slots-16cpus-24GiB-8GF", 8.0));
        assertThat(NodeType.of(20, 2.5, 3L << 29, 61.25).name()).isEqualTo("20slots-2.5cpus-1.5GiB-61.25GF");
    }

    @Test
    void shouldGiveNodesThatDifferInAnyFeatureDifferentTypes() {
        var base = NodeType.of(2, 2, 64L << 30, 2.0);

        assertThat(NodeType.of(2, 2, 64L << 30, 2.0)).isEqualTo(base);
        assertThat(NodeType.of(4, 2, 64L << 30, 2.0)).isNotEqualTo(base);
        assertThat(NodeType.of(2, 4, 64L << 30, 2.0)).isNotEqualTo(base);
        assertThat(NodeType.of(2, 2, 24L << 30, 2.0)).isNotEqualTo(base);
        assertThat(NodeType.of(2, 2, 64L << 30, 8.0)).isNotEqualTo(base);
    }
}
