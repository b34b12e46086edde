package io.gleaner.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.junit.jupiter.api.Test;

class SharedDecoderTest {

    /** Values are 4-byte integers; any other length does not decode. */
    private final CountingDeserializer<Integer> deserializer = new CountingDeserializer<>(
            Serdes.Integer().deserializer());

    @Test
    void shouldHandTheExtractorsValueToTheDecodeStepWithoutDecodingAgain() {
        var decoder = new SharedDecoder<>(deserializer);
        var bytes = integer(42);

        var extracted = decoder.decodeAndKeep("in", new RecordHeaders(), bytes);
        var decoded = decoder.decode("in", new RecordHeaders(), bytes);

        assertThat(decoded).isSameAs(extracted).isEqualTo(42);
        assertThat(deserializer.calls()).isEqualTo(1);
        assertThat(decoder.keptOnThisThread()).isZero();
    }

    @Test
    void shouldDecodeWhatWasNotKeptToTheSameValue() {
        var cached = new SharedDecoder<>(Serdes.Integer().deserializer());
        var bytes = integer(42);
        cached.decodeAndKeep("in", new RecordHeaders(), bytes);
        var missing = new SharedDecoder<>(deserializer);

        assertThat(missing.decode("in", new RecordHeaders(), integer(42)))
                .isEqualTo(cached.decode("in", new RecordHeaders(), bytes));
        assertThat(deserializer.calls()).isEqualTo(1);
    }

    @Test
    void shouldKeyKeptValuesByTheArrayNotByItsContent() {
        var decoder = new SharedDecoder<>(deserializer);
        var kept = integer(42);
        var sameContent = integer(42);
        decoder.decodeAndKeep("in", new RecordHeaders(), kept);

        assertThat(decoder.decode("in", new RecordHeaders(), sameContent)).isEqualTo(42);

        // The other array was decoded anew; the kept one still waits for its own decode step.
        assertThat(deserializer.calls()).isEqualTo(2);
        assertThat(decoder.keptOnThisThread()).isEqualTo(1);
    }

    @Test
    void shouldKeepNothingForAnUndecodableValueAndFailAgainOnDecode() {
        var decoder = new SharedDecoder<>(deserializer);
        var garbage = new byte[] {1, 2, 3};

        assertThatThrownBy(() -> decoder.decodeAndKeep("in", new RecordHeaders(), garbage))
                .isInstanceOf(SerializationException.class);
        assertThat(decoder.keptOnThisThread()).isZero();
        assertThatThrownBy(() -> decoder.decode("in", new RecordHeaders(), garbage))
                .isInstanceOf(SerializationException.class)
                .hasMessageContaining("IntegerDeserializer");
        assertThat(deserializer.calls()).isEqualTo(2);
    }

    @Test
    void shouldStayBoundedEvictingTheOldestAndStillDecodeWhatWasEvicted() {
        int maxKept = 3;
        var decoder = new SharedDecoder<>(deserializer, maxKept);
        var arrays = new ArrayList<byte[]>();
        for (int i = 0; i < maxKept + 2; i++) {
            arrays.add(integer(i));
            decoder.decodeAndKeep("in", new RecordHeaders(), arrays.get(i));
        }
        assertThat(decoder.keptOnThisThread()).isEqualTo(maxKept);
        int extractorCalls = deserializer.calls();

        for (int i = 0; i < arrays.size(); i++) {
            assertThat(decoder.decode("in", new RecordHeaders(), arrays.get(i))).isEqualTo(i);
        }

        // The two oldest were evicted, so their decode steps decoded them again; the three kept were taken.
        assertThat(deserializer.calls()).isEqualTo(extractorCalls + 2);
        assertThat(decoder.keptOnThisThread()).isZero();
    }

    @Test
    void shouldKeepNothingWhenMaxKeptIsZero() {
        var decoder = new SharedDecoder<>(deserializer, 0);
        var bytes = integer(7);

        decoder.decodeAndKeep("in", new RecordHeaders(), bytes);

        assertThat(decoder.keptOnThisThread()).isZero();
        assertThat(decoder.decode("in", new RecordHeaders(), bytes)).isEqualTo(7);
        assertThat(deserializer.calls()).isEqualTo(2);
    }

    @Test
    void shouldNotHandAValueKeptOnOneThreadToAnother() throws Exception {
        var decoder = new SharedDecoder<>(deserializer);
        var bytes = integer(42);
        decoder.decodeAndKeep("in", new RecordHeaders(), bytes);

        var executor = Executors.newSingleThreadExecutor();
        try {
            var other = executor.submit(() -> decoder.decode("in", new RecordHeaders(), bytes)).get(30,
                    TimeUnit.SECONDS);
            assertThat(other).isEqualTo(42);
        } finally {
            executor.shutdownNow();
        }

        // The other thread decoded for itself; this thread's kept value is untouched.
        assertThat(deserializer.calls()).isEqualTo(2);
        assertThat(decoder.keptOnThisThread()).isEqualTo(1);
    }

    @Test
    void shouldRejectANegativeBound() {
        assertThatThrownBy(() -> new SharedDecoder<>(deserializer, -1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxKept must be >= 0, was -1");
    }

    private static byte[] integer(int value) {
        return ByteBuffer.allocate(4).putInt(value).array();
    }
}
