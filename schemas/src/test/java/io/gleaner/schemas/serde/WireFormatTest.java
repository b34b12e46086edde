package io.gleaner.schemas.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class WireFormatTest {

    @Test
    void shouldPutMagicByteThenBigEndianIdThenBody() {
        // 0x01020304 big-endian is 01 02 03 04; the body follows unchanged.
        var framed = WireFormat.encode(0x01020304, new byte[] {(byte) 0xAA, (byte) 0xBB});

        assertThat(framed).containsExactly(0x00, 0x01, 0x02, 0x03, 0x04, 0xAA, 0xBB);
    }

    @Test
    void shouldTakeApartWhatItFramed() {
        var framed = WireFormat.decode(new byte[] {0x00, 0x00, 0x00, 0x01, 0x02, 0x11, 0x22, 0x33});

        assertThat(framed.schemaId()).isEqualTo(258);
        assertThat(framed.body()).containsExactly(0x11, 0x22, 0x33);
    }

    @Test
    void shouldAcceptAnEmptyBody() {
        // A record with no fields has an empty Avro body; the header alone is a valid record.
        var framed = WireFormat.decode(WireFormat.encode(5, new byte[0]));

        assertThat(framed.schemaId()).isEqualTo(5);
        assertThat(framed.body()).isEmpty();
    }

    @Test
    void shouldRejectAnUnknownMagicByte() {
        assertThatThrownBy(() -> WireFormat.decode(new byte[] {0x07, 0, 0, 0, 1, 2}))
                .isInstanceOf(SerializationException.class)
                .hasMessage("unknown magic byte 0x07, expected 0x00");
    }

    @Test
    void shouldRejectARecordShorterThanTheHeader() {
        assertThatThrownBy(() -> WireFormat.schemaId(new byte[] {0, 0, 0}))
                .isInstanceOf(SerializationException.class)
                .hasMessage("record of 3 bytes is too short for the 5-byte header");
    }
}
