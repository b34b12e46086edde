package io.gleaner.classifier.classes;

import static io.gleaner.classifier.classes.ClassFixtures.TWO_TYPES;
import static io.gleaner.classifier.classes.ClassFixtures.job;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClassificationsTest {

    private final Classifications classifications =
            new Classifications(TWO_TYPES, ClassifierSettings.defaults(1, 1), ClassifierSettings.defaults(2, 1));

    @Test
    void shouldPutOnlyJobsOfUsersWithAMinShareInThePrimaryClassification() {
        var withShare = classifications.classify(job("a", "u1", 1, 0, 1.0, 1.0), true);
        var withoutShare = classifications.classify(job("b", "u2", 1, 0, 0.001, 0.001), false);

        assertThat(withShare.primary()).isPresent();
        assertThat(withShare.primary().orElseThrow().jobClass().id()).startsWith("P-");
        assertThat(withShare.secondary().jobClass().id()).startsWith("S-");
        assertThat(withoutShare.primary()).isEmpty();
        assertThat(classifications.primary().contains("b")).isFalse();
        assertThat(classifications.secondary().contains("b")).isTrue();
        assertThat(withoutShare.reclustered()).isTrue();
    }

    @Test
    void shouldChangeNeitherClassificationForADuplicateJob() {
        classifications.classify(job("a", "u1", 1, 0, 1.0, 1.0), false);

        assertThatThrownBy(() -> classifications.classify(job("a", "u1", 1, 0, 1.0, 1.0), true))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already classified");
        assertThat(classifications.primary().contains("a")).isFalse();
    }
}
