package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.ingest.trace.TraceRow;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.runtime.EventTimeBound;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventTimeCheckedReaderTest {

    private static final Instant WALL_CLOCK = Instant.parse("2026-11-28T00:00:00Z");
    private static final EventTimeBound BOUND = new EventTimeBound(Duration.ofMinutes(15),
            InstantSource.fixed(WALL_CLOCK));

    private static TraceRow<String> row(long line, Instant time) {
        return new TraceRow.Parsed<>(line, time, "k" + line, "record " + line);
    }

    @Test
    void shouldRejectRowsTooFarAfterTheWallClockAndPassTheOthersInOrder() {
        var rejectedBefore = new TraceRow.Rejected<String>(DeadLetter.newBuilder().setSourceTopic("list")
                .setPartition(-1).setOffset(2).setReason("does not parse").setTime(Instant.EPOCH).build());
        var source = new ListTraceReader<>(List.of(
                row(1, Instant.parse("2009-05-01T00:00:00Z")),
                rejectedBefore,
                row(3, WALL_CLOCK.plus(Duration.ofMinutes(15))),
                row(4, Instant.parse("2100-01-01T00:00:00Z")),
                row(5, WALL_CLOCK.plus(Duration.ofMinutes(16)))), 0);

        var out = new ArrayList<TraceRow<String>>();
        try (var reader = new EventTimeCheckedReader<>(source, BOUND)) {
            reader.forEachRemaining(out::add);
        }

        assertThat(out.get(0)).isEqualTo(row(1, Instant.parse("2009-05-01T00:00:00Z")));
        assertThat(out.get(1)).isSameAs(rejectedBefore);
        assertThat(out.get(2)).isEqualTo(row(3, WALL_CLOCK.plus(Duration.ofMinutes(15))));
        assertThat(out.subList(3, 5)).allSatisfy(row -> assertThat(row).isInstanceOf(TraceRow.Rejected.class));
        var deadLetter = ((TraceRow.Rejected<String>) out.get(3)).deadLetter();
        assertThat(deadLetter.getReason()).isEqualTo("event time 2100-01-01T00:00:00Z is more than PT15M after the wall"
                + " clock (2026-11-28T00:00:00Z); a node or submitter clock may be wrong");
        assertThat(deadLetter.getOffset()).isEqualTo(4);
        assertThat(deadLetter.getSourceTopic()).isEqualTo("list");
        assertThat(deadLetter.getTime()).isEqualTo(Instant.EPOCH);
        assertThat(StandardCharsets.UTF_8.decode(deadLetter.getKey()).toString()).isEqualTo("k4");
        assertThat(StandardCharsets.UTF_8.decode(deadLetter.getValue()).toString()).isEqualTo("record 4");
    }
}
