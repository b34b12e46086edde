package io.gleaner.simulator.evaluate;

import io.gleaner.simulator.core.SimulationReport;
import java.util.Objects;

/**
 * One run of an evaluation: a policy on one seed, and what the simulator measured.
 *
 * @param policy the policy's configuration name, e.g. {@code fifo}
 * @param report what the run did
 */
public record PolicyRun(String policy, SimulationReport report) {

    public PolicyRun {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(report, "report");
    }

    /** The seed of the run. */
    public long seed() {
        return report.seed();
    }
}
