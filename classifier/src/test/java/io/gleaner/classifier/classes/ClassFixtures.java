package io.gleaner.classifier.classes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Jobs for the classifier's tests. */
final class ClassFixtures {

    static final List<String> TWO_TYPES = List.of("small", "large");
    static final Instant T0 = Instant.parse("2009-10-01T00:00:00Z");

    private ClassFixtures() {
    }

    static JobFeatures job(String id, String user, double priority, long secondsAfterT0, double... rates) {
        return new JobFeatures(id, user, priority, T0.plusSeconds(secondsAfterT0), rates);
    }

    /**
     * {@code count} jobs of {@code users} users, one job every 10 s; user u has priority 1 + u % priorities, and
     * jobs whose rates sit near the user's own size (10^-(1 + u % 5) jobs/s on "small", 3 times that on "large"),
     * jittered by up to a factor of 1.5 from a seeded generator.
     */
    static List<JobFeatures> workload(int count, int users, int priorities, long seed) {
        var random = new Random(seed);
        var jobs = new ArrayList<JobFeatures>(count);
        for (int n = 0; n < count; n++) {
            int u = random.nextInt(users);
            double base = Math.pow(10, -(1 + u % 5)) * Math.pow(1.5, 2 * random.nextDouble() - 1);
            jobs.add(job("job-" + n, "user-" + u, 1 + u % priorities, 10L * n, base, 3 * base));
        }
        return jobs;
    }
}
