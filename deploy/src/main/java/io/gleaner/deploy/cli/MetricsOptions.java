package io.gleaner.deploy.cli;

import io.gleaner.runtime.StageApp;
import io.gleaner.runtime.metrics.MetricsServer;
import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --metrics-port}, for the commands that keep running: run, agent, ingest, replay. */
final class MetricsOptions {

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Serve Prometheus metrics on /metrics, and the probes /health/live and /health/ready, on "
                    + "this port of every interface; 0 picks a free one (printed as metrics.port=). Without it "
                    + "nothing is served (docs/operations.md#metrics-and-health).")
    Integer metricsPort;

    /** Starts serving if asked to, printing the port. */
    Served serve(PrintWriter out) {
        if (metricsPort == null) {
            return new Served(Optional.empty());
        }
        var server = MetricsServer.start(metricsPort);
        out.println("metrics.port=" + server.port());
        out.flush();
        return new Served(Optional.of(server));
    }

    /** The server, if one was asked for: stages are added to it, and it is closed last. */
    record Served(Optional<MetricsServer> server) implements AutoCloseable {

        /** Adds a stage's metrics and readiness; nothing when no server runs. */
        void add(StageApp app) {
            server.ifPresent(app::addTo);
        }

        @Override
        public void close() {
            server.ifPresent(MetricsServer::close);
        }
    }
}
