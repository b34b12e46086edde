package io.gleaner.simulator.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The bundled Google excerpt against the part it was cut from, when the shared sample is on the machine: the loader
 * keeps the same jobs from both, so the excerpt left out nothing the rule keeps.
 */
class GoogleJobsExcerptTest {

    private static final Path PART = Path.of("..", "..", "shared", "data", "google-2011-sample", "task_events",
            "part-00000-of-00500.csv.gz");

    @Test
    void shouldKeepTheSameJobsFromTheExcerptAsFromTheWholePart() {
        assumeTrue(Files.isRegularFile(PART), "shared Google 2011 sample not present at " + PART);

        assertThat(GoogleTaskEvents.jobs(GoogleTaskEvents.BUNDLED)).isEqualTo(GoogleTaskEvents.jobs(PART.toString()));
    }
}
