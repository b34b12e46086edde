package io.gleaner.deploy.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * What one run of the {@code gleaner} command line printed and returned, for the command tests.
 *
 * @param exitCode what {@code gleaner} would exit with
 * @param out      its standard output
 * @param err      its error output
 */
record Execution(int exitCode, String out, String err) {

    /** Runs {@code gleaner args...} in this JVM. */
    static Execution execute(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var commandLine = GleanerCommand.commandLine();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int exitCode = commandLine.execute(args);
        return new Execution(exitCode, out.toString(), err.toString());
    }
}
