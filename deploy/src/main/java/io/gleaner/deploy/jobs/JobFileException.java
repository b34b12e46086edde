package io.gleaner.deploy.jobs;

/** What is wrong with a job file, and where: a JSON path ({@code $.tasks[0].demand.memory}) and the problem. */
public final class JobFileException extends Exception {

    private final String path;

    public JobFileException(String path, String problem) {
        super(path + ": " + problem);
        this.path = path;
    }

    /** Where in the file: {@code $} for the whole document, {@code $.tasks[1].count} for a field. */
    public String path() {
        return path;
    }
}
