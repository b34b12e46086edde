package io.gleaner.deploy.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ByteSizeTest {

    static Stream<Arguments> sizes() {
        return Stream.of(
                Arguments.of(Named.of("plain bytes", "1073741824"), 1L << 30),
                Arguments.of(Named.of("binary unit", "2GiB"), 2L << 30),
                Arguments.of(Named.of("decimal unit", "2GB"), 2_000_000_000L),
                Arguments.of(Named.of("any case, a space", "128 mib"), 128L << 20),
                Arguments.of(Named.of("a fraction that comes to whole bytes", "1.5KiB"), 1536L),
                Arguments.of(Named.of("bytes unit", "10B"), 10L));
    }

    @ParameterizedTest
    @MethodSource("sizes")
    void shouldReadASizeWithOrWithoutUnit(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    @Test
    void shouldRefuseAnUnknownUnitListingTheKnownOnes() {
        assertThatThrownBy(() -> ByteSize.parse("2GiBs")).hasMessageContaining("unknown unit 'GiBs'")
                .hasMessageContaining("KiB, MiB, GiB");
    }

    @Test
    void shouldRefuseTextThatIsNoSize() {
        assertThatThrownBy(() -> ByteSize.parse("lots")).hasMessageStartingWith("'lots' is not a size");
        assertThatThrownBy(() -> ByteSize.parse("-1GiB")).hasMessageStartingWith("'-1GiB' is not a size");
    }

    @Test
    void shouldRefuseAFractionOfAByteAndASizePastALong() {
        assertThatThrownBy(() -> ByteSize.parse("0.3B")).hasMessageContaining("whole number of bytes");
        // 10,000 PiB is about 1.1e19 bytes, past Long.MAX_VALUE (9.2e18).
        assertThatThrownBy(() -> ByteSize.parse("10000PiB")).hasMessageContaining("fits a long");
    }
}
