package io.gleaner.deploy.cli;

import io.gleaner.deploy.liveview.LiveViewFeed;
import io.gleaner.deploy.liveview.LiveViewServer;
import io.gleaner.deploy.liveview.core.LiveView;
import io.gleaner.deploy.liveview.core.ViewLimits;
import io.gleaner.schemas.Topics;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --http-port}, the live view, for the commands that run the pipeline: run, local, demo. */
final class HttpOptions {

    @Option(names = "--http-port", paramLabel = "PORT",
            description = "Serve the live view on this port of every interface: a web page (/) of each node's "
                    + "capacity, the owners' use, the forecast band and Gleaner's running attempts over time, the "
                    + "queue per user, the latest placements, QoS actions and dead letters and the jobs with their "
                    + "goals, read from the topics as they fill, and its JSON (/api/view). 0 or absent: nothing "
                    + "served (docs/operations.md#watching-it).")
    int httpPort;

    /** Starts reading the topics and serving the view if asked to, printing the page's address. */
    Served serve(KafkaEnvironment environment, Topics topics, PrintWriter out) {
        if (httpPort == 0) {
            return new Served(Optional.empty(), Optional.empty());
        }
        var view = new LiveView(ViewLimits.DEFAULT);
        var feed = LiveViewFeed.start(environment.clientConfig(), topics, environment.registryClient(), view);
        try {
            var server = LiveViewServer.start(httpPort, view::snapshot);
            out.println("live view: http://localhost:" + server.port() + "/");
            out.flush();
            return new Served(Optional.of(server), Optional.of(feed));
        } catch (RuntimeException e) {
            feed.close();
            throw e;
        }
    }

    /**
     * For a command that ends by itself ({@code gleaner demo}): when the view is served, keeps it up, and so the
     * process, until Ctrl-C, so that the finished run can still be looked at.
     */
    void holdUntilStopped(PrintWriter out) {
        if (httpPort == 0) {
            return;
        }
        out.println("the live view stays up until Ctrl-C");
        out.flush();
        try (var shutdown = new ShutdownWait()) {
            shutdown.await(List.of());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The view's server and feed, if asked for; closing stops both. */
    record Served(Optional<LiveViewServer> server, Optional<LiveViewFeed> feed) implements AutoCloseable {

        @Override
        public void close() {
            server.ifPresent(LiveViewServer::close);
            feed.ifPresent(LiveViewFeed::close);
        }
    }
}
