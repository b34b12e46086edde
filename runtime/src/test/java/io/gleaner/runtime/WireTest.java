package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;

class WireTest {

    /** A point: format 2 writes x and y; format 1 wrote x only. */
    private record Point(int x, int y) {
    }

    private static final Wire.Reader<Point> FORMAT_ONE = in -> new Point(in.readInt(), 0);

    private final Serde<Point> serde = Wire.serde("Point", 2,
            (out, p) -> {
                out.writeInt(p.x());
                out.writeInt(p.y());
            }, in -> new Point(in.readInt(), in.readInt()), Map.of(1, FORMAT_ONE));

    @Test
    void shouldReadBackWhatItWrote() {
        byte[] bytes = serde.serializer().serialize("t", new Point(3, 4));

        assertThat(bytes[0]).isEqualTo((byte) 2);
        assertThat(serde.deserializer().deserialize("t", bytes)).isEqualTo(new Point(3, 4));
    }

    @Test
    void shouldReadAnEarlierFormatWithItsOwnReader() {
        byte[] formatOne = {1, 0, 0, 0, 7};

        assertThat(serde.deserializer().deserialize("t", formatOne)).isEqualTo(new Point(7, 0));
    }

    @Test
    void shouldRefuseAFormatItDoesNotKnowNamingIt() {
        byte[] formatThree = {3, 0, 0, 0, 7};

        assertThatThrownBy(() -> serde.deserializer().deserialize("t", formatThree))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Point format version 3 is not 2");
        assertThatThrownBy(() -> Wire.serde("Point", 2, (out, p) -> { }, FORMAT_ONE).deserializer()
                .deserialize("t", new byte[] {1, 0, 0, 0, 7}))
                .hasMessage("Point format version 1 is not 2");
    }

    @Test
    void shouldNameTheRecordWhenTheBytesAreCut() {
        assertThatThrownBy(() -> serde.deserializer().deserialize("t", new byte[] {2, 0, 0}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot read a Point of 3 bytes");
    }

    @Test
    void shouldWriteStringsLongerThanWriteUtfAllows() {
        // writeUTF refuses more than 65,535 encoded bytes; 70,000 three-byte characters are 210,000.
        var name = "\u20ac".repeat(70_000);
        Serde<String> strings = Wire.serde("Name", 1, Wire::writeString, Wire::readString);

        assertThat(strings.deserializer().deserialize("t", strings.serializer().serialize("t", name))).isEqualTo(name);
    }

    @Test
    void shouldRefuseAStringLengthLongerThanTheRecord() {
        Serde<String> strings = Wire.serde("Name", 1, Wire::writeString, Wire::readString);

        // Version 1, then a length of 2^31 - 1 in a record of 5 more bytes: refused before anything is allocated.
        assertThatThrownBy(() -> strings.deserializer().deserialize("t", new byte[] {1, 0x7f, -1, -1, -1, 'a'}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a field of 2147483647 bytes in a record with 1 left");
    }
}
