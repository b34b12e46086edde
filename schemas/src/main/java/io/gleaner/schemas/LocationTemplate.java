package io.gleaner.schemas;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The placeholders of a task spec's {@code inputLocation} and {@code outputLocation} ({@code common/TaskSpec.avsc}):
 * the names the planner replaces for each attempt, how it replaces them, and which ones a template may use. Part of
 * the {@code jobs.submitted} contract, so {@link InputChecks} refuses a template the planner could not resolve and the
 * planner resolves with the same grammar.
 *
 * <p>A placeholder is a name in braces, {@code {task}}; any other text, braces included, is passed as given. Every
 * brace pair of a location must name a placeholder: {@code {Job}} or {@code {part}} is refused at the topic rather
 * than reaching an executor unresolved (a location that needs a literal brace percent-encodes it, {@code %7B}).
 */
public final class LocationTemplate {

    /** The job id. */
    public static final String JOB = "job";
    /** {@code map} or {@code reduce}. */
    public static final String KIND = "kind";
    /** The task index in its group. */
    public static final String TASK = "task";
    /** The attempt number, from 0. */
    public static final String ATTEMPT = "attempt";
    /** The group's dataset; only in a group that names one. */
    public static final String DATASET = "dataset";
    /** The chunk index the task reads, {@code firstChunk + task}; only in a group that names a dataset. */
    public static final String CHUNK = "chunk";

    /** Any text in one pair of braces: what a placeholder looks like, known or not. */
    private static final Pattern BRACED = Pattern.compile("\\{([^{}]*)}");

    private LocationTemplate() {
    }

    /**
     * The first brace pair of {@code template} that is not a placeholder a group may use: one of {@link #JOB},
     * {@link #KIND}, {@link #TASK}, {@link #ATTEMPT}, and with a dataset {@link #DATASET} and {@link #CHUNK}.
     * Empty when every one is.
     */
    public static Optional<String> unknownPlaceholder(String template, boolean hasDataset) {
        Matcher matcher = BRACED.matcher(template);
        while (matcher.find()) {
            var name = matcher.group(1);
            boolean known = switch (name) {
                case JOB, KIND, TASK, ATTEMPT -> true;
                case DATASET, CHUNK -> hasDataset;
                default -> false;
            };
            if (!known) {
                return Optional.of(matcher.group());
            }
        }
        return Optional.empty();
    }

    /**
     * {@code template} with each placeholder named in {@code values} replaced by its value, in one pass (a value that
     * contains braces is not resolved again); placeholders not in {@code values} stay as they are.
     */
    public static String resolve(String template, Map<String, String> values) {
        Objects.requireNonNull(values, "values");
        Matcher matcher = BRACED.matcher(template);
        var resolved = new StringBuilder(template.length() + 32);
        while (matcher.find()) {
            var value = values.get(matcher.group(1));
            matcher.appendReplacement(resolved, Matcher.quoteReplacement(value == null ? matcher.group() : value));
        }
        matcher.appendTail(resolved);
        return resolved.toString();
    }
}
