package io.gleaner.deploy.cli;

import io.gleaner.planner.core.Job;
import io.gleaner.simulator.suite.LoadFactor;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** {@code --load-factor}: the trace's jobs arriving faster or slower ({@link LoadFactor}). */
final class LoadFactorOption {

    @Option(names = "--load-factor", defaultValue = "1", paramLabel = "X",
            description = "Divide the trace's inter-arrival times by X: 2 submits the same jobs at twice the rate, "
                    + "0.5 at half; the first job keeps its time (default: ${DEFAULT-VALUE}; in-process runs only).")
    double factor;

    /** Whether the option asks for other than the trace's own rate. */
    boolean given() {
        return factor != 1;
    }

    /** {@code jobs} at the load factor; a usage error for a factor that is not &gt; 0 and finite. */
    List<Job> apply(CommandSpec spec, List<Job> jobs) {
        try {
            return LoadFactor.scale(jobs, factor);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--load-factor: " + e.getMessage());
        }
    }
}
