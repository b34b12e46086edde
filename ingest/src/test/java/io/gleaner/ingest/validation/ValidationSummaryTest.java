package io.gleaner.ingest.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ValidationSummaryTest {

    @Test
    void shouldListEveryRuleInDeclarationOrderWithZeroForMissingOnes() {
        var summary = new ValidationSummary(4, Map.of(ValidationRule.DUPLICATE, 2L));

        assertThat(summary.rejected().keySet()).containsExactly(ValidationRule.values());
        assertThat(summary.rejected(ValidationRule.DUPLICATE)).isEqualTo(2);
        assertThat(summary.rejected(ValidationRule.OUT_OF_RANGE)).isZero();
        assertThat(summary.rejectedTotal()).isEqualTo(2);
    }

    @Test
    void shouldRefuseNegativeCounts() {
        assertThatThrownBy(() -> new ValidationSummary(-1, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> new ValidationSummary(0, Map.of(ValidationRule.DUPLICATE, -2L)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("DUPLICATE");
    }

    @Test
    void shouldNotBeChangedThroughItsMap() {
        var summary = new ValidationSummary(0, Map.of());

        assertThatThrownBy(() -> summary.rejected().put(ValidationRule.DUPLICATE, 1L))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
