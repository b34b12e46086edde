package io.gleaner.agent.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.ChunkRef;
import io.gleaner.schemas.avro.MapOutput;
import io.gleaner.schemas.avro.MapOutputs;
import io.gleaner.schemas.avro.PlacementDecision;
import io.gleaner.schemas.avro.Resources;
import io.gleaner.schemas.avro.TaskKind;
import io.gleaner.schemas.avro.TaskSpec;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AvroMappingTest {

    @Test
    void shouldResolveAReducesMapOutputsInTaskThenAttemptOrder() {
        var decision = PlacementDecision.newBuilder().setDecisionId("j/r/0/0").setEpoch(1).setJobId("j")
                .setKind(TaskKind.REDUCE).setTaskIndex(0).setAttempt(0).setNodeId("n1")
                .setNotBefore(Instant.EPOCH).setPolicy("fifo").setInputBytes(0).setFlopPerByte(1)
                .setDemand(new Resources(1.0, 1L << 20)).setChunk((ChunkRef) null)
                .setSpec(TaskSpec.newBuilder().setCommand(List.of("true")).build())
                .setMapOutputs(List.of(
                        new MapOutputs("n2", List.of(new MapOutput(1, 2))),
                        new MapOutputs("n1", List.of(new MapOutput(1, 0), new MapOutput(0, 1)))))
                .setMapOutputLocation("file:///out/j/map-{task}-{attempt}.tsv")
                .build();

        assertThat(AvroMapping.placement(decision).mapOutputLocations()).containsExactly(
                "file:///out/j/map-0-1.tsv", "file:///out/j/map-1-0.tsv", "file:///out/j/map-1-2.tsv");
    }
}
