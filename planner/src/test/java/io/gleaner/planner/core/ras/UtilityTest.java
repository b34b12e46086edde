package io.gleaner.planner.core.ras;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Eqs 5–7 and 14 of seed 003 against the notes' derived tables (seed-003-notes §6). */
class UtilityTest {

    /** Eq. 6 with the Fig. 4.2 parameters s_req 20, s_pend 35. */
    @ParameterizedTest
    @CsvSource({"1,-1.0", "5,-0.462756", "10,-0.231378", "15,-0.096031", "19,-0.017122", "20,0.0", "26,0.4",
            "30,0.666667", "35,1.0"})
    void eq6MatchesFigure42(int sAlloc, double expected) {
        assertThat(ResourceAwareUtility.map(sAlloc, 20, 35)).isCloseTo(expected, within(1e-6));
    }

    /** Eq. 7 / Eq. 15 with r_pend 10. */
    @ParameterizedTest
    @CsvSource({"1,-1.0", "2,-0.69897", "5,-0.30103", "8,-0.09691", "10,0.0"})
    void eq7MatchesTheNotes(int rAlloc, double expected) {
        assertThat(ResourceAwareUtility.reduce(rAlloc, 10)).isCloseTo(expected, within(1e-5));
    }

    /** Eq. 14 with the Fig. 5.17 parameters s_fit 10, s_req 15, s_pend 35 (r_pend 10, all reducers placed). */
    @ParameterizedTest
    @CsvSource({"1,-1.0", "5,-0.30103", "8,-0.09691", "10,0.0", "12,0.2", "15,0.5", "20,0.625", "25,0.75",
            "35,1.0"})
    void eq14MatchesFigure517(int sAlloc, double expected) {
        double u = ResourceAwareUtility.job(ReverseAdaptiveUtility.map(sAlloc, 10, 15, 35),
                ResourceAwareUtility.reduce(10, 10));
        assertThat(u).isCloseTo(expected, within(1e-5));
    }

    /** Eq. 14's fourth branch, s_req <= s_fit: s_fit 15, s_req 10, s_pend 35. */
    @ParameterizedTest
    @CsvSource({"5,-0.405684", "15,0.0", "20,0.25", "35,1.0"})
    void eq14FourthBranch(int sAlloc, double expected) {
        assertThat(ReverseAdaptiveUtility.map(sAlloc, 15, 10, 35)).isCloseTo(expected, within(1e-6));
    }

    @Test
    void eq5AddsTheReduceUtilityAndCapsAtOne() {
        double u = ResourceAwareUtility.job(ResourceAwareUtility.map(26, 20, 35), ResourceAwareUtility.reduce(5, 10));
        assertThat(u).isCloseTo(0.09897, within(1e-5));
        assertThat(ResourceAwareUtility.job(1, 0.5)).isEqualTo(1);
    }

    @Test
    void guardsWhereTheFormulasAreUndefined() {
        assertThat(ResourceAwareUtility.map(0, 20, 35)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(ResourceAwareUtility.map(0, 1, 35)).as("log(1) = 0 is never divided by")
                .isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(ResourceAwareUtility.map(1, 1, 35)).isEqualTo(0);
        assertThat(ResourceAwareUtility.map(7, 7, 7)).as("s_pend = s_req").isEqualTo(1);
        assertThat(ResourceAwareUtility.reduce(0, 0)).as("no reduce left").isEqualTo(0);
        assertThat(ReverseAdaptiveUtility.map(0, 0, 5, 10)).as("s_fit 0: nothing needed now").isEqualTo(0);
        assertThat(ReverseAdaptiveUtility.map(0, 1, 5, 10)).isEqualTo(Double.NEGATIVE_INFINITY);
    }
}
