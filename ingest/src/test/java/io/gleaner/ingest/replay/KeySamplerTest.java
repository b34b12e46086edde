package io.gleaner.ingest.replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeySamplerTest {

    /** Node ids the way Alibaba names them: neighbours differ in one character. */
    private static final List<String> NODES = IntStream.rangeClosed(1, 10_000).mapToObj(i -> "m_" + i).toList();

    private static Set<String> kept(KeySampler sampler) {
        return NODES.stream().filter(sampler::keeps).collect(Collectors.toSet());
    }

    @Test
    void shouldKeepTheSameKeysOnEveryRunWithTheSameSeed() {
        // Two samplers built apart, and the keys asked in opposite orders: nothing carries over between calls.
        var first = kept(new KeySampler(0.1, 42));
        var reversed = new KeySampler(0.1, 42);
        var backwards = new ArrayList<>(NODES);
        Collections.reverse(backwards);
        var second = backwards.stream().filter(reversed::keeps).collect(Collectors.toSet());
        assertThat(second).isEqualTo(first);
    }

    @Test
    void shouldKeepAnotherSubsetWithAnotherSeed() {
        var seed42 = kept(new KeySampler(0.1, 42));
        var seed43 = kept(new KeySampler(0.1, 43));
        assertThat(seed43).isNotEqualTo(seed42);
        // Independent 10 % samples of 10,000 keys share about 1 % (100 keys); far fewer than either holds.
        var shared = seed42.stream().filter(seed43::contains).count();
        assertThat(shared).isLessThan(seed42.size() / 2);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.01, 0.1, 0.5, 0.9})
    void shouldKeepAboutTheFractionOfKeys(double fraction) {
        // Binomial(10,000, f): the standard deviation is at most 50 keys; 200 is four of them.
        assertThat(kept(new KeySampler(fraction, 7)).size()).isCloseTo((int) Math.round(fraction * NODES.size()),
                within(200));
    }

    @Test
    void shouldKeepEveryKeyAtFractionOne() {
        assertThat(kept(new KeySampler(1.0, 123))).hasSize(NODES.size());
        assertThat(KeySampler.all().keeps("")).isTrue();
    }

    @Test
    void shouldKeepAtALargerFractionEveryKeyItKeptAtASmallerOne() {
        assertThat(kept(new KeySampler(0.5, 9))).containsAll(kept(new KeySampler(0.2, 9)));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.0, -0.1, 1.01, Double.NaN})
    void shouldRefuseAFractionOutsideZeroToOne(double fraction) {
        assertThatThrownBy(() -> new KeySampler(fraction, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("sampling fraction must be in (0, 1], was " + fraction);
    }
}
