package io.gleaner.classifier.classes;

import static io.gleaner.classifier.classes.ClassFixtures.TWO_TYPES;
import static io.gleaner.classifier.classes.ClassFixtures.job;
import static io.gleaner.classifier.classes.ClassFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobClassifierTest {

    private static JobClassifier classifier(int k, long seed) {
        return new JobClassifier("S", TWO_TYPES, ClassifierSettings.defaults(k, seed));
    }

    @Test
    void shouldGiveTheSameClassesForTheSameJobsAndSeed() {
        List<JobFeatures> jobs = workload(400, 12, 3, 11);
        var first = classifier(12, 42);
        var second = classifier(12, 42);

        for (JobFeatures job : jobs) {
            Classified a = first.classify(job);
            Classified b = second.classify(job);
            assertThat(b).isEqualTo(a);
        }

        assertThat(second.classes()).isEqualTo(first.classes());
        assertThat(first.classes()).hasSizeGreaterThan(1);
    }

    @Test
    void shouldJoinAJobIdenticalToMembersWithoutReclustering() {
        var classifier = classifier(2, 1);
        classifier.classify(job("a", "u1", 1, 0, 0.1, 0.3));
        classifier.classify(job("b", "u2", 1, 0, 0.0001, 0.0003));
        int generation = classifier.generation();

        // Same user, rates and arrival as "a": distance 0 to a centroid that sits on a.
        Classified result = classifier.classify(job("c", "u1", 1, 0, 0.1, 0.3));

        assertThat(result.reclustered()).isFalse();
        assertThat(result.generation()).isEqualTo(generation);
        assertThat(result.jobClass().memberJobIds()).containsExactly("a", "c");
    }

    @Test
    void shouldReclusterForAJobFarFromEveryClass() {
        var classifier = classifier(3, 1);
        classifier.classify(job("a", "u1", 1, 0, 0.1, 0.3));
        classifier.classify(job("b", "u1", 1, 1, 0.1, 0.3));
        int generation = classifier.generation();

        // A million times slower: 6 decades from the class, far beyond 1.2 x the 0.3 minimum radius.
        Classified result = classifier.classify(job("c", "u2", 1, 2, 1e-7, 3e-7));

        assertThat(result.reclustered()).isTrue();
        assertThat(result.generation()).isEqualTo(generation + 1);
        assertThat(result.jobClass().memberJobIds()).containsExactly("c");
    }

    @Test
    void shouldReclusterForAJobOfAPriorityWithoutAClass() {
        var classifier = classifier(3, 1);
        classifier.classify(job("a", "u1", 1, 0, 0.1, 0.3));

        // Identical rates and user, but another priority: it cannot join the priority-1 class.
        Classified result = classifier.classify(job("b", "u1", 2, 0, 0.1, 0.3));

        assertThat(result.reclustered()).isTrue();
        assertThat(result.jobClass().priority()).isEqualTo(2);
        assertThat(result.jobClass().memberJobIds()).containsExactly("b");
    }

    @Test
    void shouldNeverMixPriorities() {
        List<JobFeatures> jobs = workload(500, 9, 3, 5);
        Map<String, Double> priorityOf = new HashMap<>();
        // k = 2 is below the 3 priorities: each still gets its own class.
        var classifier = classifier(2, 3);

        for (JobFeatures job : jobs) {
            priorityOf.put(job.jobId(), job.priority());
            Classified result = classifier.classify(job);
            assertThat(result.jobClass().priority()).isEqualTo(job.priority());
        }

        var priorities = new HashSet<Double>();
        for (JobClass c : classifier.classes()) {
            priorities.add(c.priority());
            for (String id : c.memberJobIds()) {
                assertThat(priorityOf.get(id)).as("priority of %s in %s", id, c.id()).isEqualTo(c.priority());
            }
        }
        assertThat(priorities).containsExactlyInAnyOrder(1.0, 2.0, 3.0);
    }

    @Test
    void shouldComputeArrivalAndExecutionRatesOfAClass() {
        // A wide minimum radius so that a user's second job joins its first; the two users are 3 decades apart.
        var settings = new ClassifierSettings(2, 1, 100, Duration.ofHours(1), 1.2, 1.0, 100, Duration.ofSeconds(1));
        var classifier = new JobClassifier("S", TWO_TYPES, settings);
        classifier.classify(job("a1", "a", 1, 0, 1.0, 2.0));
        classifier.classify(job("a2", "a", 1, 10, 1.2, 2.4));
        classifier.classify(job("b1", "b", 1, 20, 0.001, 0.002));
        classifier.classify(job("b2", "b", 1, 40, 0.001, 0.002));
        classifier.classify(job("b3", "b", 1, 40, 0.003, 0.004));

        List<JobClass> classes = classifier.classes();

        assertThat(classes).extracting(JobClass::id).containsExactly("S-1", "S-2");
        JobClass a = classes.get(0);
        JobClass b = classes.get(1);
        assertThat(a.memberJobIds()).containsExactly("a1", "a2");
        assertThat(b.memberJobIds()).containsExactly("b1", "b2", "b3");
        // The history spans 0 s to 40 s: α = members / 40 s.
        assertThat(a.arrivalRate()).isCloseTo(2 / 40.0, within(1e-12));
        assertThat(b.arrivalRate()).isCloseTo(3 / 40.0, within(1e-12));
        // µ = the arithmetic mean of the members' rates, jobs/s.
        assertThat(a.meanRateArray()).containsExactly(new double[] {1.1, 2.2}, within(1e-12));
        assertThat(b.meanRateArray()).containsExactly(new double[] {0.005 / 3, 0.008 / 3}, within(1e-12));
    }

    @Test
    void shouldUseTheMinimumSpanWhenAllArrivalsCoincide() {
        var classifier = classifier(1, 1);
        classifier.classify(job("a", "u", 1, 0, 1.0, 1.0));
        classifier.classify(job("b", "u", 1, 0, 1.0, 1.0));

        // Span 0 is floored at the default 1 s: 2 members / 1 s.
        assertThat(classifier.classes().get(0).arrivalRate()).isEqualTo(2.0);
    }

    @Test
    void shouldKeepOnlyTheMostRecentJobsInTheHistory() {
        var classifier = new JobClassifier("S", TWO_TYPES, ClassifierSettings.defaults(1, 1).withHistorySize(3));
        for (int n = 0; n < 5; n++) {
            classifier.classify(job("j" + n, "u", 1, n, 1.0, 1.0));
        }

        assertThat(classifier.historySize()).isEqualTo(3);
        assertThat(classifier.contains("j1")).isFalse();
        assertThat(classifier.classes()).hasSize(1);
        assertThat(classifier.classes().get(0).memberJobIds()).containsExactly("j2", "j3", "j4");
        // The span is now that of j2..j4: 2 s.
        assertThat(classifier.classes().get(0).arrivalRate()).isCloseTo(3 / 2.0, within(1e-12));
    }

    @Test
    void shouldNameCentroidCoordinates() {
        var classifier = classifier(1, 1);
        JobClass c = classifier.classify(job("a", "u", 1, 0, 0.01, 1.0)).jobClass();

        assertThat(c.featureNames()).hasSize(3);
        assertThat(c.featureNames().get(0)).contains("small");
        assertThat(c.featureNames().get(2)).contains("arrival");
        // A singleton's centroid is its own point: log10(0.01) / sqrt(2), log10(1) / sqrt(2), log10(1 / 3600 s).
        assertThat(c.centroid().get(0)).isCloseTo(-2 / Math.sqrt(2), within(1e-12));
        assertThat(c.centroid().get(1)).isCloseTo(0, within(1e-12));
        assertThat(c.centroid().get(2)).isCloseTo(Math.log10(1 / 3600.0), within(1e-12));
    }

    @Test
    void shouldRejectBadInput() {
        assertThatThrownBy(() -> job("a", "u", 1, 0, 1.0, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rates[1] of job a")
                .hasMessageContaining("NaN");
        assertThatThrownBy(() -> job("a", "u", 1, 0, -1.0, 1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rates[0]");
        assertThatThrownBy(() -> job("a", "u", Double.NaN, 0, 1.0, 1.0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("priority");
        assertThatThrownBy(() -> ClassifierSettings.defaults(0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("k must be >= 1, was 0");
        var classifier = classifier(1, 1);
        assertThatThrownBy(() -> classifier.classify(job("a", "u", 1, 0, 1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("rates for 1 node types, expected 2");
        classifier.classify(job("a", "u", 1, 0, 1.0, 1.0));
        assertThatThrownBy(() -> classifier.classify(job("a", "u", 1, 5, 1.0, 1.0)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already classified");
    }
}
