package io.gleaner.simulator;

import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeSpec;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Loads cluster presets: YAML files that describe a {@link ClusterSpec}, shipped under {@code presets/} on the
 * class path or given as a path.
 *
 * <p>The format: {@code name}, {@code link: {bandwidthMbps, latencyMicros}} (both optional: 100 Mbps and 10 us)
 * and {@code nodes}, a list of {@code {id, rack, slots, cpus, speedGflops, memoryGiB, labels}} where {@code rack}
 * defaults to {@code default-rack}, {@code cpus} to {@code slots} and {@code labels} to none. Unknown keys are
 * errors, so a typo does not silently fall back to a default.
 */
public final class ClusterPresets {

    /** The default preset: COSHH Table 3, mapped as its file explains. */
    public static final String DEFAULT = "coshh-table3";

    private static final String DEFAULT_RACK = "default-rack";
    private static final long GIB = 1L << 30;
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ClusterPresets() {
    }

    /** The preset {@code presets/<name>.yaml} from the class path. */
    public static ClusterSpec preset(String name) {
        Objects.requireNonNull(name, "name");
        var resource = "presets/" + name + ".yaml";
        var in = ClusterPresets.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalArgumentException("unknown cluster preset '" + name + "'; expected one of "
                    + List.of(DEFAULT) + " or a path to a YAML file");
        }
        try (var reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return parse(reader, resource);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The preset in a YAML file. */
    public static ClusterSpec load(Path file) {
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(reader, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read cluster preset " + file, e);
        }
    }

    /** A preset name when the class path has one by that name, else a path to a YAML file. */
    public static ClusterSpec resolve(String presetOrPath) {
        Objects.requireNonNull(presetOrPath, "presetOrPath");
        if (ClusterPresets.class.getClassLoader().getResource("presets/" + presetOrPath + ".yaml") != null) {
            return preset(presetOrPath);
        }
        var path = Path.of(presetOrPath);
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("'" + presetOrPath + "' is neither a cluster preset (" + DEFAULT
                    + ") nor a YAML file");
        }
        return load(path);
    }

    /**
     * Parses a preset.
     *
     * @param source where the text came from, for error messages
     */
    public static ClusterSpec parse(Reader yaml, String source) {
        PresetFile file;
        try {
            file = YAML.readValue(yaml, PresetFile.class);
        } catch (DatabindException e) {
            throw new IllegalArgumentException("bad cluster preset " + source + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read cluster preset " + source, e);
        }
        if (file == null || file.nodes() == null) {
            throw new IllegalArgumentException("bad cluster preset " + source + ": no nodes");
        }
        var name = file.name() == null ? source : file.name();
        var nodes = file.nodes().stream().map(n -> n.toSpec(source)).toList();
        var link = file.link() == null ? new LinkEntry(null, null) : file.link();
        long bandwidth = link.bandwidthMbps() == null
                ? ClusterSpec.DEFAULT_LINK_BITS_PER_SECOND
                : Math.round(link.bandwidthMbps() * 1_000_000);
        var latency = link.latencyMicros() == null
                ? ClusterSpec.DEFAULT_LINK_LATENCY
                : Duration.ofNanos(Math.round(link.latencyMicros() * 1_000));
        return new ClusterSpec(name, nodes, bandwidth, latency);
    }

    private record PresetFile(String name, LinkEntry link, List<NodeEntry> nodes) {
    }

    private record LinkEntry(Double bandwidthMbps, Double latencyMicros) {
    }

    private record NodeEntry(String id, String rack, Integer slots, Integer cpus, Double speedGflops,
                             Double memoryGiB, List<String> labels) {

        NodeSpec toSpec(String source) {
            if (id == null || slots == null || speedGflops == null || memoryGiB == null) {
                throw new IllegalArgumentException("bad cluster preset " + source + ": node " + id
                        + " needs id, slots, speedGflops and memoryGiB");
            }
            return new NodeSpec(id, rack == null ? DEFAULT_RACK : rack, cpus == null ? slots : cpus, speedGflops,
                    Math.round(memoryGiB * GIB), slots, labels == null ? List.of() : labels);
        }
    }
}
