package io.gleaner.deploy;

import io.gleaner.deploy.cli.GleanerCommand;
import picocli.CommandLine;

/** Entry point of the {@code gleaner} command; the only code that calls {@link System#exit}. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(GleanerCommand.commandLine().execute(args));
    }
}
