package io.gleaner.simulator.owners;

import static java.nio.charset.StandardCharsets.UTF_8;

import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeSpec;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Bitbrains files written in the trace's format, clusters, and the real trace's location. */
final class OwnerFixtures {

    /** The header of every Bitbrains Rnd file. */
    static final String HEADER = "Timestamp [ms];\tCPU cores;\tCPU capacity provisioned [MHZ];\tCPU usage [MHZ];"
            + "\tCPU usage [%];\tMemory capacity provisioned [KB];\tMemory usage [KB];\tDisk read throughput [KB/s];"
            + "\tDisk write throughput [KB/s];\tNetwork received throughput [KB/s];"
            + "\tNetwork transmitted throughput [KB/s]";

    /** The real trace the excerpt comes from, when this machine has it. */
    static final Path RND_2013_8 = Path.of("/work/shared/data/bitbrains-rnd/2013-8");

    /** Any simulation start; the bench passes its workload's. */
    static final Instant START = Instant.parse("2009-10-01T00:00:00Z");

    private OwnerFixtures() {
    }

    /** A row in the trace's layout: fields joined by ';' and a tab; 2 cores, disk and network 0. */
    static String row(long seconds, double cpuCapacity, double cpuUsage, double memoryCapacity, double memoryUsage) {
        double percent = cpuCapacity > 0 ? 100 * cpuUsage / cpuCapacity : 0;
        return String.join(";\t", Long.toString(seconds), "2", Double.toString(cpuCapacity),
                Double.toString(cpuUsage), Double.toString(percent), Double.toString(memoryCapacity),
                Double.toString(memoryUsage), "0.0", "0.0", "0.0", "0.0");
    }

    /** Writes a gzip VM file: the header, then the lines. */
    static Path vmFile(Path dir, String vm, String... lines) throws IOException {
        var file = dir.resolve(vm + ".csv.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write((HEADER + "\n" + String.join("\n", lines) + "\n").getBytes(UTF_8));
        }
        return file;
    }

    /** {@code n} nodes n1..nN of 4 cores and 16 GiB. */
    static ClusterSpec nodes(int n) {
        var nodes = new ArrayList<NodeSpec>();
        for (int i = 1; i <= n; i++) {
            nodes.add(new NodeSpec("n" + i, "rack-a", 4, 8.0, 16L << 30, 4, List.of()));
        }
        return ClusterSpec.of(n + "-nodes", nodes);
    }
}
