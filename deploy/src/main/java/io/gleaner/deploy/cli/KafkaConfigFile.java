package io.gleaner.deploy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** The Kafka client properties file of {@code --kafka-config}: Java properties, as the Kafka tools read theirs. */
final class KafkaConfigFile {

    private KafkaConfigFile() {
    }

    /**
     * The file's properties, values trimmed of trailing blanks (a stray space after {@code SASL_SSL} would otherwise
     * be an unknown protocol).
     *
     * @throws IllegalArgumentException naming the option and the file when it is missing, unreadable or malformed;
     *                                  never with the file's contents, which hold passwords
     */
    static Map<String, String> read(Path file) {
        var properties = new Properties();
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(reader);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("--kafka-config: no such file: " + file, e);
        } catch (AccessDeniedException e) {
            throw new IllegalArgumentException("--kafka-config: permission denied: " + file, e);
        } catch (IOException | IllegalArgumentException e) {
            throw new IllegalArgumentException("--kafka-config: cannot read " + file + ": " + e.getMessage(), e);
        }
        var values = new TreeMap<String, String>();
        properties.stringPropertyNames().forEach(key -> values.put(key.strip(), properties.getProperty(key).strip()));
        return Map.copyOf(values);
    }
}
