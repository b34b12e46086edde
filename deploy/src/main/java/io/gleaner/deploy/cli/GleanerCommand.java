package io.gleaner.deploy.cli;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The top-level {@code gleaner} command; each capability is a subcommand. */
@Command(name = "gleaner",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Gleaner schedules batch jobs on the spare capacity of a data center, over Kafka.",
        subcommands = {DemoCommand.class, EvaluateCommand.class, EvaluateSuiteCommand.class,
                ForecastEvalCommand.class, ForecastBenchCommand.class,
                RunCommand.class, RegistryCommand.class, AgentCommand.class, LocalCommand.class,
                BenchExecutorCommand.class, BenchScaleCommand.class, ReplayCommand.class, IngestCommand.class,
                JobsCommand.class, TopicsCommand.class, ConfigReferenceCommand.class, CommandLine.HelpCommand.class})
public final class GleanerCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * A command line with Gleaner's error handling: bad options print the usage (exit code 2), failures one line (exit
     * code 1, or {@value StageStoppedException#EXIT_CODE} when a stage of a long-running command stopped for good).
     */
    public static CommandLine commandLine() {
        var commandLine = new CommandLine(new GleanerCommand());
        commandLine.setExecutionExceptionHandler((e, cmd, parseResult) -> {
            cmd.getErr().println(cmd.getColorScheme().errorText("gleaner " + cmd.getCommandName() + ": "
                    + describe(e)));
            return e instanceof StageStoppedException ? StageStoppedException.EXIT_CODE : 1;
        });
        return commandLine;
    }

    /**
     * The one line a failure prints. A file the JVM could not find or open says only its path, so the line says what
     * was wrong with it.
     */
    static String describe(Exception e) {
        Throwable shown = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
        if (shown instanceof NoSuchFileException missing) {
            return "no such file: " + missing.getFile();
        }
        if (shown instanceof AccessDeniedException denied) {
            return "permission denied: " + denied.getFile();
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
