package io.gleaner.ingest.mapping;

/**
 * A mapping file that cannot be used: its message names the file, the key (e.g. {@code metrics[0].unit}) and
 * what was wrong with which value, and lists the allowed values where there is a list.
 */
public final class MappingException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final String key;
    private final String problem;

    MappingException(String source, String key, String problem) {
        super(source + ": " + (key.isEmpty() ? "" : key + ": ") + problem);
        this.source = source;
        this.key = key;
        this.problem = problem;
    }

    MappingException(String source, String key, String problem, Throwable cause) {
        this(source, key, problem);
        initCause(cause);
    }

    /** The file or preset the mapping came from. */
    public String source() {
        return source;
    }

    /** What was wrong, without the source and the key. */
    public String problem() {
        return problem;
    }

    /** The key that was wrong, as a path ({@code metrics[1].capacityBytes}); empty for the whole file. */
    public String key() {
        return key;
    }
}
