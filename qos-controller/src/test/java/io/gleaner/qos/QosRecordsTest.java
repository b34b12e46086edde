package io.gleaner.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.gleaner.qos.core.QosAction;
import io.gleaner.schemas.avro.QosActionKind;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class QosRecordsTest {

    private static final Instant T = Instant.parse("2025-01-01T00:00:00.100Z");

    @Test
    void shouldMapAThrottleWithItsLimitAndNoDecisionId() {
        var avro = QosRecords.toAvro(QosAction.throttle("n1", T, 2.5, "why"));

        assertThat(avro.getAction()).isEqualTo(QosActionKind.THROTTLE_CPU);
        assertThat(avro.getCpuLimit()).isEqualTo(2.5);
        assertThat(avro.getDecisionId()).isNull();
        assertThat(avro.getNodeId()).isEqualTo("n1");
        assertThat(avro.getTime()).isEqualTo(T);
        assertThat(avro.getReason()).isEqualTo("why");
    }

    @Test
    void shouldMapAKillWithItsDecisionIdAndNoLimit() {
        var avro = QosRecords.toAvro(QosAction.kill("n1", T, "d-7", "why"));

        assertThat(avro.getAction()).isEqualTo(QosActionKind.KILL_TASK);
        assertThat(avro.getDecisionId()).isEqualTo("d-7");
        assertThat(avro.getCpuLimit()).isNull();
    }

    @Test
    void shouldRoundTripEveryKind() {
        for (var action : new QosAction[] {QosAction.throttle("n1", T, 0, "a"), QosAction.raise("n2", T, 7.25, "b"),
                QosAction.kill("n3", T, "d-1", "c")}) {
            assertThat(QosRecords.fromAvro(QosRecords.toAvro(action))).isEqualTo(action);
        }
    }

    @Test
    void shouldRejectAnUnknownKind() {
        var avro = QosRecords.toAvro(QosAction.raise("n1", T, 1, "b"));
        avro.setAction(QosActionKind.UNKNOWN);

        assertThatThrownBy(() -> QosRecords.fromAvro(avro)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown QoS action kind UNKNOWN on node n1");
    }
}
