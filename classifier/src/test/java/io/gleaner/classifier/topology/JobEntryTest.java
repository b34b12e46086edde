package io.gleaner.classifier.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

/** The stored form of {@link JobEntry}: format 3 written, formats 2 (name by writeUTF) and 1 (no time) still read. */
class JobEntryTest {

    private final Serde<JobEntry> serde = JobEntry.serde();

    @Test
    void shouldReadAFormatOneValueWrittenBeforeJobEntriesHadATimeAsUnknownTime() throws IOException {
        // Format 1 as the classifier wrote it: version byte 1, jobName (UTF), maps (int), reduces (int).
        var bytes = new ByteArrayOutputStream();
        try (var out = new DataOutputStream(bytes)) {
            out.writeByte(1);
            out.writeUTF("sort");
            out.writeInt(4);
            out.writeInt(2);
        }

        var read = serde.deserializer().deserialize("t", bytes.toByteArray());

        assertThat(read).isEqualTo(new JobEntry("sort", 4, 2, JobEntry.UNKNOWN_TIME));
        assertThat(read.timeKnown()).isFalse();
    }

    @Test
    void shouldReadAFormatTwoValueWithItsNameWrittenByWriteUtf() throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var out = new DataOutputStream(bytes)) {
            out.writeByte(2);
            out.writeUTF("sort");
            out.writeInt(4);
            out.writeInt(2);
            out.writeLong(1_736_121_600_000L);
        }

        assertThat(serde.deserializer().deserialize("t", bytes.toByteArray()))
                .isEqualTo(new JobEntry("sort", 4, 2, 1_736_121_600_000L));
    }

    @Test
    void shouldWriteFormatThreeWithTheTimeAndReadItBack() {
        var entry = new JobEntry("sort", 4, 2, 1_736_121_600_000L);

        var bytes = serde.serializer().serialize("t", entry);

        // version byte, jobName (4-byte length + 4 bytes), maps (4), reduces (4), atMs (8)
        assertThat(bytes).hasSize(25);
        assertThat(bytes[0]).isEqualTo((byte) 3);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(entry);
    }

    @Test
    void shouldStoreAJobNameLongerThanWriteUtfAllows() {
        // A 70,000-character name stopped the classifier on every restart while names were written by writeUTF.
        var entry = new JobEntry("n".repeat(70_000), 1, 0, 1_736_121_600_000L);

        assertThat(serde.deserializer().deserialize("t", serde.serializer().serialize("t", entry))).isEqualTo(entry);
    }

    @Test
    void shouldRefuseAnUnknownFormatNamingIt() {
        var bytes = new byte[] {4, 0, 1, 's', 0, 0, 0, 1, 0, 0, 0, 0};

        assertThatThrownBy(() -> serde.deserializer().deserialize("t", bytes))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JobEntry format version 4 is not 3");
    }

    @Test
    void shouldRefuseANegativeTimeOtherThanUnknown() {
        assertThatThrownBy(() -> new JobEntry("sort", 1, 0, -2))
                .hasMessage("atMs must be >= 0 or UNKNOWN_TIME, was -2");
    }
}
