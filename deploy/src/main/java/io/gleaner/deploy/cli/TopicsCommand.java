package io.gleaner.deploy.cli;

import io.gleaner.deploy.topics.CatalogueTopics;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code gleaner topics create|describe}: the catalogue's topics on a cluster. */
@Command(name = "topics", mixinStandardHelpOptions = true,
        description = "Create or describe the catalogue's topics.",
        subcommands = {TopicsCommand.Create.class, TopicsCommand.Describe.class})
final class TopicsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Create every topic of the catalogue that does not exist yet; existing topics are left as "
                    + "they are (a warning says when their partition count differs).")
    static final class Create implements Callable<Integer> {

        @Mixin
        KafkaOptions kafka;

        @Mixin
        EmbeddedOptions embedded;

        @Option(names = "--replication-factor", paramLabel = "N",
                description = "Replicas per partition; without it the broker's default (1 on the embedded broker).")
        Short replicationFactor;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try (var environment = KafkaEnvironment.kafkaOnly(kafka, embedded);
                 var admin = Admin.create(environment.clientConfig())) {
                var out = spec.commandLine().getOut();
                var created = new CatalogueTopics(admin).create(kafka.topics(), Optional.ofNullable(replicationFactor));
                for (var topic : created) {
                    out.printf("%-40s %-8s %3d partitions%n", topic.name(), topic.existed() ? "exists" : "created",
                            topic.partitions());
                    topic.warning().ifPresent(w -> spec.commandLine().getErr().println("warning: " + w));
                }
                out.println("bootstrap.servers=" + environment.bootstrapServers());
                return 0;
            }
        }
    }

    @Command(name = "describe", mixinStandardHelpOptions = true,
            description = "Print partitions, cleanup policy and offset span of every catalogue topic (the offset span is "
                    + "the record count plus one marker per transaction on topics written exactly-once).")
    static final class Describe implements Callable<Integer> {

        @Mixin
        KafkaOptions kafka;

        @Mixin
        EmbeddedOptions embedded;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try (var environment = KafkaEnvironment.kafkaOnly(kafka, embedded);
                 var admin = Admin.create(environment.clientConfig())) {
                var out = spec.commandLine().getOut();
                out.printf("%-40s %10s %-8s %12s%n", "topic", "partitions", "cleanup", "offsets");
                for (var topic : new CatalogueTopics(admin).describe(kafka.topics())) {
                    if (topic.exists()) {
                        out.printf("%-40s %10d %-8s %12d%n", topic.name(), topic.partitions(), topic.cleanupPolicy(),
                                topic.offsetSpan());
                    } else {
                        out.printf("%-40s %10s%n", topic.name(), "missing");
                    }
                }
                return 0;
            }
        }
    }
}
