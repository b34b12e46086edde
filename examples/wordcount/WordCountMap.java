import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A word-count map, run by a Gleaner agent as {@code java WordCountMap.java}: counts the words (runs of letters,
 * lower-cased) of its chunk ({@code GLEANER_INPUT}, a file: URI) and writes "word TAB count" lines, sorted, to
 * {@code GLEANER_OUTPUT} (written whole or not at all: by rename).
 */
public final class WordCountMap {

    public static void main(String[] args) throws IOException {
        var input = Path.of(URI.create(System.getenv("GLEANER_INPUT")));
        var output = Path.of(URI.create(System.getenv("GLEANER_OUTPUT")));
        Map<String, Long> counts = new TreeMap<>();
        for (var word : Files.readString(input, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            if (!word.isEmpty()) {
                counts.merge(word, 1L, Long::sum);
            }
        }
        var text = new StringBuilder();
        counts.forEach((word, count) -> text.append(word).append('\t').append(count).append('\n'));
        Files.createDirectories(output.getParent());
        var tmp = output.resolveSibling(output.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, output, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
