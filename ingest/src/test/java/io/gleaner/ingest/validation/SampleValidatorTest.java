package io.gleaner.ingest.validation;

import static io.gleaner.ingest.validation.ValidationFixtures.cpu;
import static io.gleaner.ingest.validation.ValidationFixtures.sample;
import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.avro.Metric;
import io.gleaner.schemas.avro.UsageSource;
import io.gleaner.schemas.avro.UtilizationSample;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SampleValidatorTest {

    @Test
    void shouldAcceptAValidSample() {
        var validator = SampleValidator.anyHost();

        assertThat(validator.check(cpu("n1", 0, 0.5))).isEmpty();

        assertThat(validator.summary().accepted()).isEqualTo(1);
        assertThat(validator.summary().rejectedTotal()).isZero();
    }

    @Test
    void notANumberFiresOnNanAndInfinity() {
        var validator = SampleValidator.anyHost();

        var nan = validator.check(cpu("n1", 0, Double.NaN));
        var infinite = validator.check(cpu("n1", 1, Double.POSITIVE_INFINITY));

        assertThat(nan).get().extracting(Violation::rule).isEqualTo(ValidationRule.NOT_A_NUMBER);
        assertThat(nan.get().reason()).contains("NaN").contains("n1");
        assertThat(infinite).get().extracting(Violation::rule).isEqualTo(ValidationRule.NOT_A_NUMBER);
        assertThat(infinite.get().reason()).contains("Infinity");
    }

    @Test
    void notANumberDoesNotFireOnAFiniteValue() {
        assertThat(SampleValidator.anyHost().check(cpu("n1", 0, 0.0))).isEmpty();
    }

    @Test
    void outOfRangeFiresJustOutsideTheUnitInterval() {
        var validator = SampleValidator.anyHost();

        var above = validator.check(cpu("n1", 0, 1.0000001));
        var below = validator.check(cpu("n1", 1, -0.0001));

        assertThat(above).get().extracting(Violation::rule).isEqualTo(ValidationRule.OUT_OF_RANGE);
        assertThat(above.get().reason()).contains("1.0000001");
        assertThat(below).get().extracting(Violation::rule).isEqualTo(ValidationRule.OUT_OF_RANGE);
        assertThat(below.get().reason()).contains("-1.0E-4");
    }

    @Test
    void outOfRangeDoesNotFireOnTheBoundsThemselves() {
        var validator = SampleValidator.anyHost();

        assertThat(validator.check(cpu("n1", 0, 0.0))).isEmpty();
        assertThat(validator.check(cpu("n1", 1, 1.0))).isEmpty();
    }

    @Test
    void outOfRangeFiresOnATimeBeyondEpochMilliseconds() {
        var sample = cpu("n1", 0, 0.5);
        sample.setTime(Instant.MAX);

        var violation = SampleValidator.anyHost().check(sample);

        assertThat(violation).get().extracting(Violation::rule).isEqualTo(ValidationRule.OUT_OF_RANGE);
        assertThat(violation.get().reason()).contains("epoch milliseconds");
    }

    @Test
    void timeBackwardsFiresWhenASeriesStepsBack() {
        var validator = SampleValidator.anyHost();
        validator.check(cpu("n1", 300, 0.5));

        var violation = validator.check(cpu("n1", 299, 0.5));

        assertThat(violation).get().extracting(Violation::rule).isEqualTo(ValidationRule.TIME_BACKWARDS);
        assertThat(violation.get().reason()).contains("2013-08-01T00:04:59Z").contains("2013-08-01T00:05:00Z");
    }

    @Test
    void timeBackwardsDoesNotFireAcrossSeries() {
        var validator = SampleValidator.anyHost();
        validator.check(cpu("n1", 300, 0.5));

        // An earlier time is fine for another node, another metric and another source: each is its own series.
        assertThat(validator.check(cpu("n2", 0, 0.5))).isEmpty();
        assertThat(validator.check(sample("n1", 0, Metric.MEMORY, UsageSource.REGULAR, 0.5))).isEmpty();
        assertThat(validator.check(sample("n1", 0, Metric.CPU, UsageSource.TOTAL, 0.5))).isEmpty();
        assertThat(validator.check(cpu("n1", 301, 0.5))).isEmpty();
    }

    @Test
    void duplicateFiresOnTheSameTimeInTheSameSeries() {
        var validator = SampleValidator.anyHost();
        validator.check(cpu("n1", 300, 0.5));

        var violation = validator.check(cpu("n1", 300, 0.7));

        assertThat(violation).get().extracting(Violation::rule).isEqualTo(ValidationRule.DUPLICATE);
        assertThat(violation.get().reason()).contains("2013-08-01T00:05:00Z").contains("n1");
    }

    @Test
    void duplicateDoesNotFireOnTheSameTimeOfAnotherMetric() {
        var validator = SampleValidator.anyHost();
        validator.check(cpu("n1", 300, 0.5));

        assertThat(validator.check(sample("n1", 300, Metric.MEMORY, UsageSource.REGULAR, 0.5))).isEmpty();
    }

    @Test
    void unknownHostFiresOnlyWhenKnownHostsAreGiven() {
        var strict = new SampleValidator(Set.of("n1", "n2"));

        var violation = strict.check(cpu("n3", 0, 0.5));

        assertThat(violation).get().extracting(Violation::rule).isEqualTo(ValidationRule.UNKNOWN_HOST);
        assertThat(violation.get().reason()).contains("'n3'");
        assertThat(strict.check(cpu("n2", 0, 0.5))).isEmpty();
        assertThat(SampleValidator.anyHost().check(cpu("n3", 0, 0.5))).isEmpty();
    }

    @Test
    void unknownUnitIsCountedWhenAParserReportsIt() {
        var validator = SampleValidator.anyHost();

        validator.countRejected(new Violation(ValidationRule.UNKNOWN_UNIT, "unit 'furlongs' of field cpu is unknown"));

        assertThat(validator.summary().rejected(ValidationRule.UNKNOWN_UNIT)).isEqualTo(1);
        assertThat(validator.summary().accepted()).isZero();
    }

    @Test
    void unknownUnitIsNeverRaisedByCheck() {
        var validator = SampleValidator.anyHost();

        validator.check(cpu("n1", 0, 2.0));
        validator.check(cpu("n1", 1, Double.NaN));

        assertThat(validator.summary().rejected(ValidationRule.UNKNOWN_UNIT)).isZero();
    }

    @Test
    void aRejectedSampleDoesNotMoveItsSeriesForward() {
        var validator = SampleValidator.anyHost();
        validator.check(cpu("n1", 100, 0.5));
        validator.check(cpu("n1", 200, 1.5)); // out of range: the series stays at 100

        // Had the rejected sample counted, 150 would be backwards and 200 a duplicate.
        assertThat(validator.check(cpu("n1", 150, 0.5))).isEmpty();
        assertThat(validator.check(cpu("n1", 200, 0.5))).isEmpty();
    }

    @Test
    void anUnknownHostIsReportedBeforeItsBadValue() {
        var violation = new SampleValidator(Set.of("n1")).check(cpu("n9", 0, Double.NaN));

        assertThat(violation).get().extracting(Violation::rule).isEqualTo(ValidationRule.UNKNOWN_HOST);
    }

    @Test
    void summaryCountsAcceptedAndEachRule() {
        var validator = new SampleValidator(Set.of("n1", "n2"));
        UtilizationSample[] samples = {
            cpu("n1", 0, 0.1),            // accepted
            cpu("n1", 10, 0.2),           // accepted
            cpu("n2", 0, 0.3),            // accepted
            cpu("n1", 10, 0.2),           // duplicate
            cpu("n1", 5, 0.2),            // backwards
            cpu("n1", 5, 0.2),            // backwards again (the series is still at 10)
            cpu("n2", 10, 1.2),           // out of range
            cpu("n2", 20, Double.NaN),    // not a number
            cpu("x", 0, 0.5),             // unknown host
        };
        for (var sample : samples) {
            validator.check(sample);
        }
        validator.countRejected(new Violation(ValidationRule.UNKNOWN_UNIT, "unit 'kb/s' is unknown"));

        var summary = validator.summary();

        assertThat(summary.accepted()).isEqualTo(3);
        assertThat(summary.rejected()).containsExactly(
                Map.entry(ValidationRule.OUT_OF_RANGE, 1L),
                Map.entry(ValidationRule.NOT_A_NUMBER, 1L),
                Map.entry(ValidationRule.UNKNOWN_UNIT, 1L),
                Map.entry(ValidationRule.TIME_BACKWARDS, 2L),
                Map.entry(ValidationRule.DUPLICATE, 1L),
                Map.entry(ValidationRule.UNKNOWN_HOST, 1L));
        assertThat(summary.rejectedTotal()).isEqualTo(7);
        assertThat(summary.accepted() + summary.rejectedTotal()).isEqualTo(samples.length + 1);
    }

    @Test
    void stateIsBoundedByTheSeriesNotBySamples() {
        var validator = new SampleValidator(Set.of("n0", "n1", "n2"));
        Metric[] metrics = {Metric.CPU, Metric.MEMORY};
        int hosts = 3;
        int steps = 50_000;
        for (int step = 0; step < steps; step++) {
            for (int host = 0; host < hosts; host++) {
                for (var metric : metrics) {
                    validator.check(sample("n" + host, step, metric, UsageSource.REGULAR, 0.5));
                }
            }
            validator.check(cpu("stranger" + step, step, 0.5)); // unknown: must leave no state behind
        }

        // 300,000 accepted samples, 50,000 distinct unknown nodes, yet only 3 nodes x 2 metrics are remembered.
        assertThat(validator.summary().accepted()).isEqualTo((long) steps * hosts * metrics.length);
        assertThat(validator.summary().rejected(ValidationRule.UNKNOWN_HOST)).isEqualTo(steps);
        assertThat(validator.trackedSeries()).isEqualTo(hosts * metrics.length);
    }
}
