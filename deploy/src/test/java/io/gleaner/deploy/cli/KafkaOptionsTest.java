package io.gleaner.deploy.cli;

import static io.gleaner.deploy.cli.Execution.execute;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --kafka-config} without a broker: how the file is read and where it gives way to the options. */
class KafkaOptionsTest {

    @TempDir
    Path dir;

    private KafkaOptions options(String bootstrapServers, Path file) {
        var options = new KafkaOptions();
        options.bootstrapServers = bootstrapServers;
        options.kafkaConfig = file;
        return options;
    }

    @Test
    void bootstrapServersOptionWinsOverTheFilesAndTheFilesOverTheEmbeddedBroker() throws Exception {
        var file = Files.writeString(dir.resolve("kafka.properties"), "bootstrap.servers=from-file:9093\n");

        assertThat(options("given:9092", file).bootstrapServers()).contains("given:9092");
        assertThat(options(null, file).bootstrapServers()).contains("from-file:9093");
        assertThat(options(null, null).bootstrapServers()).isEmpty();
    }

    @Test
    void readsJavaPropertiesWithValuesTrimmedOfTrailingBlanks() throws Exception {
        var file = Files.writeString(dir.resolve("kafka.properties"), """
                # as the Kafka tools read a --command-config
                security.protocol=SASL_SSL\s\s
                sasl.mechanism : SCRAM-SHA-512
                sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \\
                    username="u" password="p";
                """);

        assertThat(options(null, file).clientProperties())
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("sasl.jaas.config",
                        "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"u\" password=\"p\";")
                .hasSize(3);
    }

    @Test
    void aMissingOrUnreadableFileIsNamedWithTheOption() throws Exception {
        var missing = dir.resolve("absent.properties");

        assertThatThrownBy(() -> options(null, missing).clientProperties())
                .hasMessage("--kafka-config: no such file: " + missing);
        assertThatThrownBy(() -> options(null, dir).clientProperties())
                .hasMessageStartingWith("--kafka-config: cannot read " + dir + ": ");
    }

    @Test
    void aCommandGivenAMissingFileStopsBeforeStartingABroker() {
        var missing = dir.resolve("absent.properties");

        var run = execute("topics", "create", "--kafka-config", missing.toString(),
                "--data-dir", dir.resolve("data").toString());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("--kafka-config: no such file: " + missing);
        assertThat(dir.resolve("data")).doesNotExist();
    }
}
