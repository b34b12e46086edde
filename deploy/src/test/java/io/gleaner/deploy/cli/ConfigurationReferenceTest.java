package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/configuration.md is what the declarations generate, and {@code gleaner config-reference} prints it. */
class ConfigurationReferenceTest {

    /** The checked-in page, from the deploy module's directory (where surefire runs). */
    private static final Path PAGE = Path.of("..", "docs", "configuration.md");

    @Test
    void shouldMatchTheCheckedInPage() throws IOException {
        var generated = ConfigurationReference.page();
        // Written out so that a failing build leaves the page to copy or diff against.
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "configuration.md"), generated);

        assertThat(Files.readString(PAGE))
                .as("docs/configuration.md differs from what the settings' declarations generate; regenerate it "
                        + "with: %s (or copy deploy/target/configuration.md)", ConfigurationReference.REGENERATE)
                .isEqualTo(generated);
    }

    @Test
    void shouldPrintThePageAndDocumentEveryGeneratedOptionOnIt() {
        var run = execute("config-reference");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo(ConfigurationReference.page());
        for (var options : List.<StageOptions>of(new PlannerOptions(), new ForecasterOptions(), new ClassifierOptions(),
                new QosOptions())) {
            for (var setting : options.settings()) {
                assertThat(run.out()).contains("`" + options.declaration().key(setting) + "` | `"
                        + options.optionName(setting) + "`");
            }
        }
    }
}
