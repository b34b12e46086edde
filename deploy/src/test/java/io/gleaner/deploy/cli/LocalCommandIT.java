package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.gleaner.schemas.testing.TestKafka;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gleaner local} on the in-JVM broker: three agents in the JVM run the word count's maps and reduces as real
 * processes ({@code java WordCountMap.java}), and the command checks the counts against the JVM's.
 */
@Tag("integration")
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class LocalCommandIT {

    private static final Pattern SUCCEEDED = Pattern.compile("attempt (\\S+)\\s+on (\\S+)\\s+SUCCEEDED");

    private static TestKafka cluster;

    @BeforeAll
    static void startBroker() {
        cluster = TestKafka.start();
    }

    @AfterAll
    static void stopBroker() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void shouldCountTheWordsRightWithTheAttemptsSpreadOverTheAgents(@TempDir Path dir) {
        // --owners none: the build machine's other work would otherwise leave the slices nothing to offer.
        var run = Execution.execute("local", "--bootstrap-servers", cluster.bootstrapServers(),
                "--topic-prefix", "it.local.", "--data-dir", dir.toString(), "--work-dir",
                dir.resolve("agents").toString(), "--agents", "3", "--maps", "4", "--reduces", "2",
                "--heartbeat-ms", "500", "--owners", "none", "--commit-interval-ms", "50", "--timeout", "PT150S");

        assertThat(run.exitCode()).as("gleaner local:\n%s\n%s", run.out(), run.err()).isZero();
        assertThat(run.out()).contains("result: 272 words, 138 distinct; most frequent: that 13, the 11, we 10")
                .contains("the output equals the count computed in the JVM")
                .contains("CPU limit by SIGSTOP/SIGCONT duty cycle");
        var matcher = SUCCEEDED.matcher(run.out());
        var tasks = new java.util.ArrayList<String>();
        var nodes = new java.util.HashSet<String>();
        while (matcher.find()) {
            tasks.add(matcher.group(1).substring(0, matcher.group(1).lastIndexOf('/')));
            nodes.add(matcher.group(2));
        }
        assertThat(tasks).as("one success per task").hasSize(6).doesNotHaveDuplicates();
        assertThat(nodes).as("the attempts ran on more than one agent").hasSizeGreaterThan(1)
                .isSubsetOf(Set.of("local-1", "local-2", "local-3"));
        assertThat(tasks.stream().map(t -> t.substring(t.indexOf('/') + 1, t.indexOf('/') + 2))
                .collect(Collectors.toSet())).containsExactlyInAnyOrder("m", "r");
    }
}
