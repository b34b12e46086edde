package io.gleaner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every relative link in README.md and docs/ points at a file that exists and, when it names an anchor, at a heading
 * of that file (GitHub's anchors), so that moving a page or renaming a heading fails the build instead of a reader.
 */
class DocsLinksTest {

    /** The repository's root: tests run in the module's directory. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern EXTERNAL = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*:|//).*");

    static Stream<Named<Path>> pages() throws IOException {
        var pages = new ArrayList<Path>();
        pages.add(ROOT.resolve("README.md"));
        try (var docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages.stream().map(page -> Named.of(ROOT.relativize(page).toString(), page));
    }

    @ParameterizedTest
    @MethodSource("pages")
    void everyRelativeLinkPointsAtAFileAndHeadingThatExist(Path page) {
        assertThat(new LinkCheck(ROOT).broken(page)).isEmpty();
    }

    @Test
    void aMissingFileAndAMissingHeadingAreBrokenAndCodeIsNoLink(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("target.md"), "# Target\n\n## Lockstep\n");
        Files.writeString(dir.resolve("page.md"), String.join("\n",
                "# Page",
                "[ok](target.md#lockstep), [same page](#page), [site](https://example.com/x.md)",
                "[gone](missing.md) and [no such heading](target.md#lock-step)",
                "`[in code](missing.md)`",
                "```",
                "[in a fence](missing.md)",
                "```"));

        assertThat(new LinkCheck(dir).broken(dir.resolve("page.md"))).containsExactly(
                "page.md:3: missing.md: no such file",
                "page.md:3: target.md#lock-step: no heading with that anchor in target.md");
    }

    static Stream<Arguments> headings() {
        return Stream.of(
                Arguments.of(Named.of("words", "The owners' load"), "the-owners-load"),
                Arguments.of(Named.of("code and a colon", "Reacting to misses: `--react-to-misses`"),
                        "reacting-to-misses---react-to-misses"),
                Arguments.of(Named.of("a number", "6. What a node reads"), "6-what-a-node-reads"),
                Arguments.of(Named.of("symbols", "The QoS controller (Salamander §III-D, Algorithm 3)"),
                        "the-qos-controller-salamander-iii-d-algorithm-3"),
                Arguments.of(Named.of("a link", "See [the simulator](simulator.md)"), "see-the-simulator"),
                Arguments.of(Named.of("an underscore", "max_task idle"), "max_task-idle"));
    }

    @ParameterizedTest
    @MethodSource("headings")
    void anchorsFollowGithubsRules(String heading, String anchor) {
        assertThat(MarkdownPage.slug(heading)).isEqualTo(anchor);
    }

    @Test
    void aRepeatedHeadingTakesTheNextNumber() {
        var page = MarkdownPage.parse(List.of("# Cluster presets", "text", "## Cluster presets", "### Cluster presets"));

        assertThat(page.anchors()).containsExactlyInAnyOrder("cluster-presets", "cluster-presets-1",
                "cluster-presets-2");
    }

    /** Checks the links of pages under one root, reading each target page once. */
    private static final class LinkCheck {

        private final Path root;
        private final Map<Path, MarkdownPage> read = new HashMap<>();

        LinkCheck(Path root) {
            this.root = root;
        }

        /** What is wrong with each link of {@code page} that is broken, as {@code file:line: target: why}. */
        List<String> broken(Path page) {
            var broken = new ArrayList<String>();
            for (var link : page(page).links()) {
                var target = link.target();
                if (EXTERNAL.matcher(target).matches()) {
                    continue;
                }
                int hash = target.indexOf('#');
                var file = hash < 0 ? target : target.substring(0, hash);
                var anchor = hash < 0 ? null : target.substring(hash + 1);
                var resolved = file.isEmpty() ? page
                        : page.getParent().resolve(URLDecoder.decode(file, StandardCharsets.UTF_8)).normalize();
                var where = root.relativize(page) + ":" + link.line() + ": " + target + ": ";
                if (!Files.exists(resolved)) {
                    broken.add(where + "no such file");
                } else if (anchor != null && resolved.toString().endsWith(".md")
                        && !page(resolved).anchors().contains(anchor)) {
                    broken.add(where + "no heading with that anchor in " + root.relativize(resolved));
                }
            }
            return broken;
        }

        private MarkdownPage page(Path file) {
            return read.computeIfAbsent(file, MarkdownPage::read);
        }
    }
}
