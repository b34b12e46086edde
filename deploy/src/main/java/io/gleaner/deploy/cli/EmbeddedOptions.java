package io.gleaner.deploy.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Settings of the embedded broker, used when no outside Kafka is given. */
final class EmbeddedOptions {

    @Option(names = "--data-dir", defaultValue = "gleaner-data",
            description = "Directory of the embedded broker's log, kept between runs (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = "--fresh", description = "Delete --data-dir before starting, so the run starts from empty topics.")
    boolean fresh;

    @Option(names = "--broker-port", defaultValue = "0",
            description = "Client port of the embedded broker; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    int brokerPort;
}
