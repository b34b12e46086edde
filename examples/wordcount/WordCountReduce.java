import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.TreeMap;

/**
 * A word-count reduce, run by a Gleaner agent as {@code java WordCountReduce.java}: merges the counts of every map
 * output ({@code GLEANER_MAP_OUTPUTS}, one file: URI a line) for its share of the words, those whose
 * {@code floorMod(hashCode, REDUCES) == GLEANER_TASK}, and writes them, sorted, to {@code GLEANER_OUTPUT}.
 */
public final class WordCountReduce {

    public static void main(String[] args) throws IOException {
        int reduces = Integer.parseInt(System.getenv("REDUCES"));
        int task = Integer.parseInt(System.getenv("GLEANER_TASK"));
        var output = Path.of(URI.create(System.getenv("GLEANER_OUTPUT")));
        Map<String, Long> counts = new TreeMap<>();
        for (var location : System.getenv("GLEANER_MAP_OUTPUTS").split("\n")) {
            if (location.isBlank()) {
                continue;
            }
            for (var line : Files.readAllLines(Path.of(URI.create(location)), StandardCharsets.UTF_8)) {
                var fields = line.split("\t");
                if (Math.floorMod(fields[0].hashCode(), reduces) == task) {
                    counts.merge(fields[0], Long.parseLong(fields[1]), Long::sum);
                }
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
