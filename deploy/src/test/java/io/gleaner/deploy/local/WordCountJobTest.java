package io.gleaner.deploy.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WordCountJobTest {

    @Test
    void shouldGiveTheTasksAbsolutePathsWhenLaidOutUnderARelativeDirectory(@TempDir Path dir) {
        // gleaner local's default --data-dir is relative; each attempt runs in a directory of its own.
        var relative = Path.of("").toAbsolutePath().relativize(dir.resolve("wordcount"));

        var job = WordCountJob.prepare(relative, 2, 1).job("wc-1", Instant.EPOCH, "java", 0.5, 64L << 20);

        for (var group : job.getTasks()) {
            var program = Path.of(group.getSpec().getCommand().get(1));
            assertThat(program).isAbsolute();
            assertThat(Files.isRegularFile(program)).isTrue();
            assertThat(group.getSpec().getOutputLocation()).startsWith(dir.toUri().toString());
        }
        assertThat(job.getTasks().get(0).getSpec().getInputLocation()).startsWith(dir.toUri().toString());
    }
}
