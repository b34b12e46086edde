package io.gleaner.deploy.manifests;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gleaner.deploy.cli.GleanerCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The compose file and the Kubernetes manifests in deploy/ parse, pass the gleaner command only options it has (parsed
 * by the command line itself, so values are checked too), and probe and scrape the port each process serves metrics
 * on. No container runs here (no Docker engine): this is what can be checked without one.
 */
class ManifestsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Path COMPOSE = Path.of("compose/compose.yaml");
    private static final Path KUBERNETES = Path.of("kubernetes");

    /** One gleaner container: where it is declared, and its arguments. */
    record Container(String where, List<String> args, JsonNode spec) {
    }

    @Test
    void everyGleanerCommandInTheComposeFileParsesAndPrometheusScrapesItsMetricsPort() throws IOException {
        var compose = YAML.readTree(COMPOSE.toFile());
        var scrape = Files.readString(Path.of("compose/prometheus/prometheus.yml"));
        var gleaners = new ArrayList<String>();
        compose.get("services").fields().forEachRemaining(service -> {
            if (service.getValue().path("image").asText().startsWith("gleaner:")) {
                gleaners.add(service.getKey());
                var args = strings(service.getValue().get("command"));
                parses(COMPOSE + " " + service.getKey(), args);
                metricsPort(args).ifPresent(port -> assertThat(scrape)
                        .as("prometheus.yml scrapes %s", service.getKey()).contains(service.getKey() + ":" + port));
            }
        });
        assertThat(gleaners).contains("registry", "planner", "stages", "agent-1");
    }

    @Test
    void everyGleanerContainerInTheKubernetesManifestsParsesAndIsProbedOnItsMetricsPort() throws IOException {
        var containers = kubernetesContainers();

        assertThat(containers).extracting(Container::where).anyMatch(w -> w.contains("StatefulSet gleaner-planner"))
                .anyMatch(w -> w.contains("DaemonSet gleaner-agent")).anyMatch(w -> w.contains("Job gleaner-topics"));
        for (var container : containers) {
            parses(container.where(), container.args());
            var port = metricsPort(container.args());
            for (var probe : List.of("livenessProbe", "readinessProbe")) {
                var probed = container.spec().path(probe).path("httpGet");
                if (port.isPresent()) {
                    assertThat(probed.path("port").asText()).as("%s's %s", container.where(), probe)
                            .isEqualTo(port.get());
                    assertThat(probed.path("path").asText()).startsWith("/health/");
                } else {
                    assertThat(probed.isMissingNode()).as("%s probes without --metrics-port", container.where())
                            .isTrue();
                }
            }
        }
    }

    @Test
    void anOptionTheCommandLacksFailsTheCheck() {
        assertThatThrownBy(() -> parses("test", List.of("run", "--stages=planner", "--no-such-option=1")))
                .isInstanceOf(CommandLine.UnmatchedArgumentException.class).hasMessageContaining("--no-such-option");
        assertThatThrownBy(() -> parses("test", List.of("run", "--metrics-port=not-a-port")))
                .isInstanceOf(CommandLine.ParameterException.class);
    }

    private static void parses(String where, List<String> args) {
        assertThat(args).as("%s's arguments", where).isNotEmpty();
        GleanerCommand.commandLine().parseArgs(args.toArray(String[]::new));
    }

    private static Optional<String> metricsPort(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).startsWith("--metrics-port=")) {
                return Optional.of(args.get(i).substring("--metrics-port=".length()));
            }
            if (args.get(i).equals("--metrics-port") && i + 1 < args.size()) {
                return Optional.of(args.get(i + 1));
            }
        }
        return Optional.empty();
    }

    private static List<Container> kubernetesContainers() throws IOException {
        var containers = new ArrayList<Container>();
        try (Stream<Path> files = Files.list(KUBERNETES)) {
            for (var file : files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList()) {
                try (var documents = YAML.readerFor(JsonNode.class).readValues(file.toFile())) {
                    while (documents.hasNext()) {
                        var document = (JsonNode) documents.next();
                        assertThat(document.path("apiVersion").asText()).as("%s: apiVersion", file).isNotEmpty();
                        var where = file + ": " + document.path("kind").asText() + " "
                                + document.path("metadata").path("name").asText();
                        for (var container : document.path("spec").path("template").path("spec").path("containers")) {
                            if (container.path("image").asText().startsWith("gleaner:")) {
                                containers.add(new Container(where, expanded(strings(container.get("args"))),
                                        container));
                            }
                        }
                    }
                }
            }
        }
        return containers;
    }

    /**
     * The arguments as the kubelet passes them: each {@code $(VAR)} replaced by the settings' ConfigMap entry, or by a
     * pod's or node's name for the variables the manifests take from the downward API.
     */
    private static List<String> expanded(List<String> args) throws IOException {
        var values = new HashMap<String, String>(Map.of("POD_NAME", "gleaner-planner-0",
                "NODE_NAME", "node-1"));
        try (var documents = YAML.readerFor(JsonNode.class).readValues(KUBERNETES.resolve("settings.yaml").toFile())) {
            while (documents.hasNext()) {
                var document = (JsonNode) documents.next();
                if (document.path("kind").asText().equals("ConfigMap")) {
                    document.path("data").fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
                }
            }
        }
        var expanded = new ArrayList<String>();
        for (var arg : args) {
            var matcher = Pattern.compile("\\$\\(([A-Z_]+)\\)").matcher(arg);
            var out = new StringBuilder();
            while (matcher.find()) {
                var value = values.get(matcher.group(1));
                assertThat(value).as("$(%s) in %s is set", matcher.group(1), arg).isNotNull();
                matcher.appendReplacement(out, Matcher.quoteReplacement(value));
            }
            expanded.add(matcher.appendTail(out).toString());
        }
        return expanded;
    }

    private static List<String> strings(JsonNode array) {
        var strings = new ArrayList<String>();
        if (array != null) {
            array.forEach(node -> strings.add(node.asText()));
        }
        return strings;
    }
}
