package io.gleaner.deploy.cli;

import io.gleaner.ingest.mapping.Mapping;
import java.util.Optional;
import picocli.CommandLine.Option;

/** What some trace formats need besides {@code --trace}: {@code gleaner replay}'s and {@code forecast-eval}'s. */
final class FormatOptions {

    @Option(names = "--mapping", paramLabel = "FILE|PRESET",
            description = "For --format mapped: a mapping file (YAML), or a preset: telegraf-json, otlp-json.")
    String mapping;

    @Option(names = "--machine-events", paramLabel = "PATH",
            description = "For --format google-task-usage: the machine_events table, whose capacities turn usage "
                    + "into fractions (default: every machine taken as the largest one).")
    String machineEvents;

    /**
     * The mapping, loaded, for a format that takes one ({@link ReplayFormat#mappingOf}).
     *
     * @throws IllegalArgumentException naming the option, when one is given to the wrong format or is unusable
     */
    Optional<Mapping> mappingFor(ReplayFormat format) {
        return format.mappingOf(mapping, machineEvents);
    }

    /** The machine_events table, if given. */
    Optional<String> machineEvents() {
        return Optional.ofNullable(machineEvents);
    }
}
