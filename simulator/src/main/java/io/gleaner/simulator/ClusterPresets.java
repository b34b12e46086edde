package io.gleaner.simulator;

import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Loads cluster presets: YAML files that describe a {@link ClusterSpec}, shipped under {@code presets/} on the
 * class path ({@link #names()}) or given as a path.
 *
 * <p>The format: {@code name}, {@code link: {bandwidthMbps, latencyMicros}} (both optional: 100 Mbps and 10 us)
 * and exactly one of three ways to give the nodes:
 * <ul>
 *   <li>{@code nodes}: a list of {@code {id, rack, slots, cpus, speedGflops, memoryGiB, labels}} where
 *       {@code rack} defaults to {@code default-rack}, {@code cpus} to {@code slots} and {@code labels} to none;</li>
 *   <li>{@code dataCenter: {hosts, configurations, totalGflops, totalRamTB, slotsPerHost, sizeSpread}}: a
 *       heterogeneous data center known only by its totals, split over its nodes by
 *       {@link #dataCenterNodes the data-center rule} (the Salamander presets {@code pc1}, {@code pc2},
 *       {@code university});</li>
 *   <li>{@code roundRobin: {minNodes, maxNodes, nodesPerRack, types}}: node types, each a {@code nodes} entry,
 *       added one of each type in turn ({@link #roundRobinNodes the round-robin rule}; COSHH section 6.2.2). The
 *       preset {@code <name>} has {@code maxNodes} nodes and {@code <name>-<N>} the first N, for N in
 *       {@code minNodes..maxNodes} ({@code coshh-table10}, {@code coshh-table10-6} .. {@code coshh-table10-102}).</li>
 * </ul>
 * Unknown keys are errors, so a typo does not silently fall back to a default.
 */
public final class ClusterPresets {

    /** The default preset: COSHH Table 3, mapped as its file explains. */
    public static final String DEFAULT = "coshh-table3";

    /** The presets shipped under {@code presets/}, in the order {@link #names()} lists them. */
    private static final List<String> SHIPPED = List.of(DEFAULT, "coshh-table10", "pc1", "pc2", "university");

    private static final String DEFAULT_RACK = "default-rack";
    private static final long GIB = 1L << 30;
    private static final BigDecimal BYTES_PER_TB = BigDecimal.TEN.pow(12);
    private static final Pattern SIZED_NAME = Pattern.compile("(.+)-(\\d{1,9})");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private ClusterPresets() {
    }

    /**
     * The names {@link #preset} knows, for {@code --help} and error messages: each shipped preset, and for a
     * round-robin preset also {@code <name>-<min..max>}, e.g. {@code coshh-table10-<6..102>}.
     */
    public static List<String> names() {
        var names = new ArrayList<String>();
        for (var name : SHIPPED) {
            names.add(name);
            var file = readResource(name).orElseThrow(() -> new IllegalStateException("preset " + name
                    + " is not on the class path"));
            if (file.roundRobin() != null) {
                var range = file.roundRobin().validated("presets/" + name + ".yaml");
                names.add(name + "-<" + range.minNodes() + ".." + range.maxNodes() + ">");
            }
        }
        return List.copyOf(names);
    }

    /**
     * The preset {@code presets/<name>.yaml} from the class path, or {@code <base>-<N>}: the first N nodes of the
     * round-robin preset {@code <base>}.
     *
     * @throws IllegalArgumentException if there is no such preset, or N is outside the preset's range
     */
    public static ClusterSpec preset(String name) {
        Objects.requireNonNull(name, "name");
        var file = readResource(name);
        if (file.isPresent()) {
            return build(file.get(), "presets/" + name + ".yaml", Optional.empty());
        }
        var sized = SIZED_NAME.matcher(name);
        if (sized.matches()) {
            var base = sized.group(1);
            var baseFile = readResource(base);
            if (baseFile.isPresent() && baseFile.get().roundRobin() != null) {
                int nodes = Integer.parseInt(sized.group(2));
                var source = "presets/" + base + ".yaml";
                var range = baseFile.get().roundRobin().validated(source);
                if (nodes < range.minNodes() || nodes > range.maxNodes()) {
                    throw new IllegalArgumentException("cluster preset '" + name + "' asks for " + nodes
                            + " nodes; " + base + "-<N> takes N in " + range.minNodes() + ".." + range.maxNodes());
                }
                return build(baseFile.get(), source, Optional.of(nodes));
            }
        }
        throw new IllegalArgumentException("unknown cluster preset '" + name + "'; expected one of "
                + String.join(", ", names()) + " or a path to a YAML file");
    }

    /** The preset in a YAML file; a round-robin preset gets its {@code maxNodes} nodes. */
    public static ClusterSpec load(Path file) {
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(reader, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read cluster preset " + file, e);
        }
    }

    /** A preset name when {@link #preset} knows it (or its {@code <base>-<N>} form), else a path to a YAML file. */
    public static ClusterSpec resolve(String presetOrPath) {
        Objects.requireNonNull(presetOrPath, "presetOrPath");
        if (isPresetName(presetOrPath)) {
            return preset(presetOrPath);
        }
        var path = Path.of(presetOrPath);
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("'" + presetOrPath + "' is neither a cluster preset ("
                    + String.join(", ", names()) + ") nor a YAML file");
        }
        return load(path);
    }

    /**
     * Parses a preset; a round-robin preset gets its {@code maxNodes} nodes.
     *
     * @param source where the text came from, for error messages
     */
    public static ClusterSpec parse(Reader yaml, String source) {
        return build(read(yaml, source), source, Optional.empty());
    }

    /**
     * The data-center rule: splits a data center known only by its totals (Salamander Table II gives hosts, total
     * GFLOP/s and total RAM, and section IV-A the number of distinct configurations) into heterogeneous nodes.
     * <ol>
     *   <li>Configurations k = 0..c-1 are ordered by size. The largest, c-1, is a single host; the other n-1 hosts
     *       are spread as evenly as possible over configurations 0..c-2, the smaller configurations taking the
     *       extra ones (many small machines, one big one).</li>
     *   <li>Configuration k has size weight w_k = sizeSpread^(k / (c-1)): a geometric spread from 1 to
     *       {@code sizeSpread}, so each configuration is the same factor larger than the one before.</li>
     *   <li>With S = sum over hosts of their w_k, a host of configuration k &lt; c-1 gets totalGflops * w_k / S
     *       GFLOP/s and floor(totalBytes * w_k / S) bytes of RAM; the single largest host gets what is left of
     *       both, so the GFLOP/s add up to the total (up to double rounding) and the bytes add up exactly.</li>
     *   <li>Every host has {@code slotsPerHost} slots and as many cores (one core per slot, tasks demand one core),
     *       so its per-core speed is its GFLOP/s / slotsPerHost: hosts differ in per-core speed and RAM.</li>
     * </ol>
     * Node ids are {@code c<k+1>-<j>} (j counting the hosts of a configuration from 1), labels
     * {@code config=c<k+1>}, all in {@code default-rack}; the list is in configuration order.
     *
     * @param totalBytes total RAM in bytes
     * @throws IllegalArgumentException unless 2 &lt;= configurations &lt;= hosts and every amount is positive
     */
    static List<NodeSpec> dataCenterNodes(int hosts, int configurations, double totalGflops, long totalBytes,
                                          int slotsPerHost, double sizeSpread) {
        if (configurations < 2 || configurations > hosts) {
            throw new IllegalArgumentException("configurations must be in 2..hosts (" + hosts + "), was "
                    + configurations);
        }
        if (!(totalGflops > 0) || Double.isInfinite(totalGflops) || totalBytes < 1 || slotsPerHost < 1
                || !(sizeSpread >= 1) || Double.isInfinite(sizeSpread)) {
            throw new IllegalArgumentException("totalGflops, totalRamTB and slotsPerHost must be > 0 and sizeSpread"
                    + " >= 1, were " + totalGflops + ", " + totalBytes + " B, " + slotsPerHost + ", " + sizeSpread);
        }
        int largest = configurations - 1;
        var counts = new int[configurations];
        var weights = new double[configurations];
        double weightSum = 0;
        for (int k = 0; k < configurations; k++) {
            counts[k] = k == largest ? 1 : (hosts - 1) / largest + (k < (hosts - 1) % largest ? 1 : 0);
            weights[k] = Math.pow(sizeSpread, (double) k / largest);
            weightSum += counts[k] * weights[k];
        }
        var gflops = new double[configurations];
        var bytes = new long[configurations];
        double gflopsLeft = totalGflops;
        long bytesLeft = totalBytes;
        for (int k = 0; k < largest; k++) {
            gflops[k] = totalGflops * weights[k] / weightSum;
            bytes[k] = (long) Math.floor(totalBytes * weights[k] / weightSum);
            gflopsLeft -= counts[k] * gflops[k];
            bytesLeft -= counts[k] * bytes[k];
        }
        gflops[largest] = gflopsLeft;
        bytes[largest] = bytesLeft;
        var nodes = new ArrayList<NodeSpec>();
        for (int k = 0; k < configurations; k++) {
            var config = "c" + (k + 1);
            for (int j = 1; j <= counts[k]; j++) {
                nodes.add(new NodeSpec(config + "-" + j, DEFAULT_RACK, slotsPerHost, gflops[k] / slotsPerHost,
                        bytes[k], slotsPerHost, List.of("config=" + config)));
            }
        }
        return List.copyOf(nodes);
    }

    /**
     * The round-robin rule of COSHH section 6.2.2: "we add a new resource from one of the resource types in turn,
     * starting from six resources, and increasing the number to 102 resources (i.e. 17 resources of each type)".
     * Node i (from 0) is of type i mod t (t types, in file order), and is that type's (i div t + 1)-th node, with
     * id {@code <type id>-<i div t + 1>}. With {@code nodesPerRack} set, node i is in rack
     * {@code rack-<i div nodesPerRack + 1>}, racks filling in the order nodes are added; without it each node
     * keeps its type's rack.
     */
    static List<NodeSpec> roundRobinNodes(List<NodeSpec> types, int count, Integer nodesPerRack) {
        var nodes = new ArrayList<NodeSpec>();
        for (int i = 0; i < count; i++) {
            var type = types.get(i % types.size());
            var rack = nodesPerRack == null ? type.rack() : "rack-" + (i / nodesPerRack + 1);
            nodes.add(new NodeSpec(type.nodeId() + "-" + (i / types.size() + 1), rack, type.cpus(),
                    type.speedGflops(), type.memoryBytes(), type.slots(), type.labels()));
        }
        return List.copyOf(nodes);
    }

    private static boolean isPresetName(String name) {
        if (resourceExists(name)) {
            return true;
        }
        var sized = SIZED_NAME.matcher(name);
        return sized.matches() && readResource(sized.group(1)).map(f -> f.roundRobin() != null).orElse(false);
    }

    private static boolean resourceExists(String name) {
        return ClusterPresets.class.getClassLoader().getResource("presets/" + name + ".yaml") != null;
    }

    private static Optional<PresetFile> readResource(String name) {
        var resource = "presets/" + name + ".yaml";
        InputStream in = ClusterPresets.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            return Optional.empty();
        }
        try (var reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return Optional.of(read(reader, resource));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    private static PresetFile read(Reader yaml, String source) {
        PresetFile file;
        try {
            file = YAML.readValue(yaml, PresetFile.class);
        } catch (DatabindException e) {
            throw new IllegalArgumentException("bad cluster preset " + source + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read cluster preset " + source, e);
        }
        if (file == null) {
            throw new IllegalArgumentException("bad cluster preset " + source + ": no nodes");
        }
        int forms = (file.nodes() == null ? 0 : 1) + (file.dataCenter() == null ? 0 : 1)
                + (file.roundRobin() == null ? 0 : 1);
        if (forms == 0) {
            throw new IllegalArgumentException("bad cluster preset " + source + ": no nodes");
        }
        if (forms > 1) {
            throw new IllegalArgumentException("bad cluster preset " + source
                    + ": give exactly one of nodes, dataCenter and roundRobin");
        }
        return file;
    }

    /** The cluster of a parsed file; {@code nodeCount} picks the first N nodes of a round-robin preset. */
    private static ClusterSpec build(PresetFile file, String source, Optional<Integer> nodeCount) {
        var name = file.name() == null ? source : file.name();
        List<NodeSpec> nodes;
        if (file.nodes() != null) {
            nodes = file.nodes().stream().map(n -> n.toSpec(source)).toList();
        } else if (file.dataCenter() != null) {
            nodes = file.dataCenter().toNodes(source);
        } else {
            var roundRobin = file.roundRobin().validated(source);
            int count = nodeCount.orElse(roundRobin.maxNodes());
            if (nodeCount.isPresent()) {
                name = name + "-" + count;
            }
            var types = roundRobin.types().stream().map(n -> n.toSpec(source)).toList();
            nodes = roundRobinNodes(types, count, roundRobin.nodesPerRack());
        }
        var link = file.link() == null ? new LinkEntry(null, null) : file.link();
        long bandwidth = link.bandwidthMbps() == null
                ? ClusterSpec.DEFAULT_LINK_BITS_PER_SECOND
                : Math.round(link.bandwidthMbps() * 1_000_000);
        var latency = link.latencyMicros() == null
                ? ClusterSpec.DEFAULT_LINK_LATENCY
                : Duration.ofNanos(Math.round(link.latencyMicros() * 1_000));
        return new ClusterSpec(name, nodes, bandwidth, latency);
    }

    private record PresetFile(String name, LinkEntry link, List<NodeEntry> nodes, DataCenterEntry dataCenter,
                              RoundRobinEntry roundRobin) {
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

    /** A data center by its totals; RAM in TB of 10^12 bytes, as Salamander's Table II gives it. */
    private record DataCenterEntry(Integer hosts, Integer configurations, Double totalGflops, Double totalRamTB,
                                   Integer slotsPerHost, Double sizeSpread) {

        List<NodeSpec> toNodes(String source) {
            if (hosts == null || configurations == null || totalGflops == null || totalRamTB == null
                    || slotsPerHost == null || sizeSpread == null) {
                throw new IllegalArgumentException("bad cluster preset " + source + ": dataCenter needs hosts,"
                        + " configurations, totalGflops, totalRamTB, slotsPerHost and sizeSpread");
            }
            // BigDecimal.valueOf keeps the decimal the file wrote: 1.2 TB is 1,200,000,000,000 bytes, not 1.2's
            // nearest double times 10^12.
            long totalBytes = BigDecimal.valueOf(totalRamTB).multiply(BYTES_PER_TB).longValue();
            try {
                return dataCenterNodes(hosts, configurations, totalGflops, totalBytes, slotsPerHost, sizeSpread);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("bad cluster preset " + source + ": " + e.getMessage(), e);
            }
        }
    }

    private record RoundRobinEntry(Integer minNodes, Integer maxNodes, Integer nodesPerRack, List<NodeEntry> types) {

        RoundRobinEntry validated(String source) {
            if (minNodes == null || maxNodes == null || types == null || types.isEmpty()) {
                throw new IllegalArgumentException("bad cluster preset " + source
                        + ": roundRobin needs minNodes, maxNodes and at least one type");
            }
            if (minNodes < 1 || maxNodes < minNodes) {
                throw new IllegalArgumentException("bad cluster preset " + source
                        + ": roundRobin needs 1 <= minNodes <= maxNodes, was " + minNodes + ".." + maxNodes);
            }
            if (nodesPerRack != null && nodesPerRack < 1) {
                throw new IllegalArgumentException("bad cluster preset " + source + ": nodesPerRack must be >= 1, was "
                        + nodesPerRack);
            }
            return this;
        }
    }
}
