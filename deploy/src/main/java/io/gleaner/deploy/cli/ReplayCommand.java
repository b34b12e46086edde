package io.gleaner.deploy.cli;

import io.gleaner.deploy.topics.CatalogueTopics;
import io.gleaner.ingest.replay.KafkaRecordSink;
import io.gleaner.ingest.replay.ReplayOptions;
import io.gleaner.ingest.replay.Replayer;
import io.gleaner.ingest.replay.WallClockPacer;
import io.gleaner.ingest.swim.SwimJobRule;
import io.gleaner.ingest.swim.SwimTraceReader;
import io.gleaner.ingest.trace.LineTraceReader;
import io.gleaner.schemas.avro.DeadLetter;
import io.gleaner.schemas.avro.JobSubmitted;
import io.gleaner.schemas.serde.AvroSerializer;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code gleaner replay}: put a job trace onto {@code jobs.submitted}, paced by its event times. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replay a SWIM job trace onto the jobs.submitted topic, each job at its submit time "
                + "(the record timestamp), paced at a speed factor. Rows that do not parse go to the deadletter "
                + "topic with their line number and the reason.",
                "Creates the catalogue's topics if they are missing."})
final class ReplayCommand implements Callable<Integer> {

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Option(names = "--trace", defaultValue = SwimTraceReader.FB_2009, paramLabel = "PATH",
            description = "SWIM trace (tab-separated; .gz read directly), a file path or classpath:<resource> "
                    + "(default: the bundled Facebook 2009 trace, ${DEFAULT-VALUE}).")
    String trace;

    @Option(names = "--jobs", paramLabel = "N", description = "Replay only the first N jobs (default: all).")
    Long jobs;

    @Option(names = "--speed", defaultValue = "1", paramLabel = "FACTOR|max",
            description = "Trace seconds per wall-clock second: 1 is real time, 60 a minute per second, "
                    + "max as fast as possible (default: ${DEFAULT-VALUE}).")
    String speed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        var options = replayOptions();
        var out = spec.commandLine().getOut();
        try (var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
             var admin = Admin.create(Map.of("bootstrap.servers", environment.bootstrapServers()))) {
            var topics = kafka.topics();
            new CatalogueTopics(admin).create(topics, Optional.empty());
            var client = environment.registryClient();
            var clientConfig = Map.<String, Object>of("bootstrap.servers", environment.bootstrapServers());
            try (var rows = SwimTraceReader.open(trace, SwimJobRule.defaults(),
                         jobs == null ? LineTraceReader.NO_LIMIT : jobs);
                 var jobSink = KafkaRecordSink.open(topics.jobsSubmitted().name(), clientConfig,
                         new AvroSerializer<>(JobSubmitted.class, client));
                 var deadLetterSink = KafkaRecordSink.open(topics.deadLetters().name(), clientConfig,
                         new AvroSerializer<>(DeadLetter.class, client))) {
                var bar = new ProgressBar(spec.commandLine().getErr(), "jobs",
                        options.expectedRecords().orElse(0));
                var summary = new Replayer<>(jobSink, deadLetterSink, new WallClockPacer(), options)
                        .replay(rows, progress -> bar.update(progress.sent(), String.format("%.0f/s%s rejected %d",
                                progress.recordsPerSecond(),
                                progress.eta().map(eta -> " eta " + seconds(eta)).orElse(""), progress.rejected())));
                bar.finish();
                out.printf("replayed %d jobs onto %s (%d rejected to %s, %d blank lines) in %s%n", summary.sent(),
                        topics.jobsSubmitted().name(), summary.rejected(), topics.deadLetters().name(),
                        summary.blankLines(), seconds(summary.elapsed()));
                summary.firstEventTime().ifPresent(t -> out.println("first submit time " + t));
                summary.lastEventTime().ifPresent(t -> out.println("last submit time  " + t));
                out.println("bootstrap.servers=" + environment.bootstrapServers());
                out.println("schema.registry.url=" + environment.registryConfig().urls().get(0));
            }
        }
        return 0;
    }

    private ReplayOptions replayOptions() {
        var base = "max".equalsIgnoreCase(speed) ? ReplayOptions.asFastAsPossible() : ReplayOptions.atSpeed(parseSpeed());
        var withProgress = base.withProgressEvery(100);
        return jobs == null ? withProgress.withExpectedRecords(0) : withProgress.withExpectedRecords(jobs);
    }

    private double parseSpeed() {
        try {
            return Double.parseDouble(speed);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--speed must be a positive number or 'max', was '" + speed + "'");
        }
    }

    private static String seconds(Duration duration) {
        return String.format("%.1f s", duration.toMillis() / 1000.0);
    }
}
