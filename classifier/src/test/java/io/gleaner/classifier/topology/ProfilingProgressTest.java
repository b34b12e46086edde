package io.gleaner.classifier.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

/** The stored form of {@link ProfilingProgress}: format 2 written, format 1 (no time) still read. */
class ProfilingProgressTest {

    private final Serde<ProfilingProgress> serde = ProfilingProgress.serde();

    @Test
    void shouldReadAFormatOneValueWrittenBeforeEntriesHadATimeAsUnknownTime() throws IOException {
        // Format 1 as the classifier wrote it: version byte 1, succeeded (long), profiled (boolean).
        var bytes = new ByteArrayOutputStream();
        try (var out = new DataOutputStream(bytes)) {
            out.writeByte(1);
            out.writeLong(5);
            out.writeBoolean(true);
        }

        var read = serde.deserializer().deserialize("t", bytes.toByteArray());

        assertThat(read).isEqualTo(new ProfilingProgress(5, true, ProfilingProgress.UNKNOWN_TIME));
        assertThat(read.timeKnown()).isFalse();
    }

    @Test
    void shouldWriteFormatTwoWithTheTimeAndReadItBack() {
        var entry = new ProfilingProgress(3, false, 1_736_121_600_000L);

        var bytes = serde.serializer().serialize("t", entry);

        // version byte, succeeded (8), profiled (1), atMs (8)
        assertThat(bytes).hasSize(18);
        assertThat(bytes[0]).isEqualTo((byte) 2);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(entry);
    }

    @Test
    void shouldRefuseAnUnknownFormatNamingIt() {
        var bytes = new byte[] {3, 0, 0, 0, 0, 0, 0, 0, 1, 1};

        assertThatThrownBy(() -> serde.deserializer().deserialize("t", bytes))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ProfilingProgress format version 3 is not 2");
    }

    @Test
    void shouldRefuseANegativeTimeOtherThanUnknown() {
        assertThatThrownBy(() -> new ProfilingProgress(1, true, -2))
                .hasMessage("atMs must be >= 0 or UNKNOWN_TIME, was -2");
    }
}
