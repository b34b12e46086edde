package io.gleaner.deploy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown page as GitHub renders it, as far as links go: the anchors of its headings and the links it holds,
 * both outside code (fenced blocks and inline code spans are neither headings nor links).
 *
 * @param anchors the anchors its headings (and explicit {@code <a id>} / {@code <a name>} tags) give
 * @param links   the targets of its inline links and reference definitions, each with its line
 */
record MarkdownPage(Set<String> anchors, List<Link> links) {

    /** A link's target as written ({@code path}, {@code path#anchor} or {@code #anchor}) and its 1-based line. */
    record Link(int line, String target) {
    }

    private static final Pattern FENCE = Pattern.compile("^\\s{0,3}(```|~~~).*");
    private static final Pattern HEADING = Pattern.compile("^\\s{0,3}#{1,6}\\s+(.*?)(\\s+#+)?\\s*$");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern INLINE_LINK = Pattern.compile("\\]\\(\\s*<?([^)\\s>]+)>?(\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern REFERENCE = Pattern.compile("^\\s{0,3}\\[[^\\]]+\\]:\\s*<?(\\S+?)>?(\\s.*)?$");
    private static final Pattern HTML_ANCHOR = Pattern.compile("<a\\s+(?:id|name)=\"([^\"]+)\"");
    /** A link in a heading, which renders as its text. */
    private static final Pattern HEADING_LINK = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
    /** What GitHub's slugger keeps: letters, marks, digits, the connector underscore, spaces and hyphens. */
    private static final Pattern SLUG_DROPS = Pattern.compile("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]");

    /** Reads {@code file}. */
    static MarkdownPage read(Path file) {
        try {
            return parse(Files.readAllLines(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses the lines of one page. */
    static MarkdownPage parse(List<String> lines) {
        var anchors = new LinkedHashSet<String>();
        var seen = new HashMap<String, Integer>();
        var links = new ArrayList<Link>();
        boolean inFence = false;
        for (int i = 0; i < lines.size(); i++) {
            var line = lines.get(i);
            if (FENCE.matcher(line).matches()) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            var heading = HEADING.matcher(line);
            if (heading.matches()) {
                anchors.add(unique(slug(heading.group(1)), seen));
            }
            var html = HTML_ANCHOR.matcher(line);
            while (html.find()) {
                anchors.add(html.group(1));
            }
            var reference = REFERENCE.matcher(line);
            if (reference.matches()) {
                links.add(new Link(i + 1, reference.group(1)));
                continue;
            }
            var link = INLINE_LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (link.find()) {
                links.add(new Link(i + 1, link.group(1)));
            }
        }
        return new MarkdownPage(Set.copyOf(anchors), List.copyOf(links));
    }

    /**
     * GitHub's anchor of a heading's text: a link as its text, lower case, punctuation and symbols dropped (backticks
     * and emphasis marks among them), each space a hyphen.
     */
    static String slug(String heading) {
        var text = HEADING_LINK.matcher(heading).replaceAll(m -> Matcher.quoteReplacement(m.group(1)));
        return SLUG_DROPS.matcher(text.strip().toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    /** A heading's anchor when an earlier heading of the page took it: {@code -1}, {@code -2}, ... appended. */
    private static String unique(String slug, Map<String, Integer> seen) {
        int count = seen.merge(slug, 1, Integer::sum);
        return count == 1 ? slug : slug + '-' + (count - 1);
    }
}
