package io.gleaner.deploy.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gleaner registry}: the embedded schema registry alone, for a deployment where the stages run in processes of
 * their own and share one registry (docs/operations.md#deploying-it).
 */
@Command(name = "registry", mixinStandardHelpOptions = true,
        description = {"Serve the embedded schema registry (Confluent's REST API, schemas kept in the "
                + "<topic-prefix>_schemas topic) until stopped, for stages and executors in other processes "
                + "(--schema-registry-url). Run one: it is the only writer of its topic.",
                "Exit codes: 130/143 stopped by Ctrl-C/SIGTERM (the JVM's status for the signal); 1 an error; 2 bad "
                        + "options."})
final class RegistryCommand implements Callable<Integer> {

    @Mixin
    MetricsOptions metrics;

    @Mixin
    KafkaOptions kafka;

    @Mixin
    EmbeddedOptions embedded;

    @Mixin
    RegistryOptions registry;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (registry.schemaRegistryUrl().isPresent()) {
            throw new ParameterException(spec.commandLine(),
                    "--schema-registry-url names another registry; gleaner registry serves its own");
        }
        var out = spec.commandLine().getOut();
        try (var shutdown = new ShutdownWait();
             var environment = KafkaEnvironment.withRegistry(kafka, embedded, registry);
             var served = metrics.serve(out)) {
            out.println("bootstrap.servers=" + environment.bootstrapServers());
            out.println("schema.registry.url=" + environment.registryConfig().urls().get(0));
            out.println("serving the schema registry; Ctrl-C stops it");
            out.flush();
            shutdown.await(List.of());
        }
        return 0;
    }
}
