package io.gleaner.simulator.owners;

import io.gleaner.ingest.bitbrains.BitbrainsOwnerExcerpt;
import io.gleaner.ingest.bitbrains.BitbrainsRow.Resource;
import io.gleaner.ingest.bitbrains.BitbrainsRowReader;
import io.gleaner.simulator.core.ClusterSpec;
import io.gleaner.simulator.core.NodeSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds the owners' (regular) CPU and memory load of every simulated node from real VM utilization traces, the
 * Bitbrains GWA-T-12 files (DESIGN.md section 4: "an owners' workload per node driven by a real utilization
 * trace"). A node carries several trace VMs, as a real host does, and its owners use the sum of their usage over the
 * sum of their capacity; the node's own capacity scales that fraction.
 *
 * <p>The rules, in the order they apply:
 * <ol>
 *   <li><b>Reading.</b> Each file is one VM ({@link VmSeries}); its id is the file name without {@code .csv.gz} or
 *       {@code .csv}. A resource's usage above its capacity (at most 1.25 times) counts as the capacity (the VM was
 *       saturated); malformed lines, out-of-order rows and unusable values (capacity 0, as in the trace's
 *       unmeasured rows, negative usage, usage above 1.25 times capacity) are left out and counted per VM in
 *       {@link OwnerTrace#readCounts()}, and logged.</li>
 *   <li><b>Grid.</b> Trace time t0 = the first usable row of any VM, plus {@link OwnerTraceSettings#traceOffset()};
 *       it maps to {@link OwnerTraceSettings#start()}. The grid is t0 + k * step for k = 0 .. n - 1, up to the last
 *       usable row of any VM. VMs that start later than t0 are absent until they start (they are not waited for:
 *       in Rnd 2013-8 one VM starts on day 15).</li>
 *   <li><b>Alignment and gaps.</b> A VM's value of a resource at grid point g is that of its last row at or before
 *       g with a usable value (the trace's 300 s samples drift by a second now and then, so this lags by less than
 *       one step). When that row is more than {@link OwnerTraceSettings#maxHold()} before g, the VM is absent at g:
 *       it leaves both the usage and the capacity sums of its node, so the node's fraction is that of its VMs
 *       that have data. It is never counted as zero use.</li>
 *   <li><b>Exclusion.</b> A VM with a value at fewer than {@link OwnerTraceSettings#minCoverage()} of the grid
 *       points, or at none, for CPU or for memory, is not used; {@link OwnerTrace#excludedVms()} says why.</li>
 *   <li><b>Assignment.</b> The remaining VMs are dealt to nodes by {@link VmAssignment}: sorted by id, shuffled
 *       with the seed, dealt round-robin over the nodes in the cluster's order; by default every VM once (nodes
 *       get the floor or ceiling of VMs / nodes), or {@link OwnerTraceSettings#vmsPerNode()} each. When there are
 *       more slots than VMs, VMs are reused after all have been used once, the r-th reuse phase-shifted by r times
 *       {@link OwnerTraceSettings#reuseShift()} (rounded down to whole steps, wrapped within the trace): its value
 *       at grid point k is the VM's value at grid point (k + shift) mod n.</li>
 *   <li><b>Node fraction.</b> At grid point k, per resource: (sum of usage of the node's VMs present at k) / (sum of
 *       their capacity), times {@link OwnerTraceSettings#loadScale()}. Where none of the node's VMs is present,
 *       the node's previous fraction is held; before its first value, the first value is used. Both are counted
 *       per node in {@link OwnerTrace#coverage()} and logged, never silent.</li>
 *   <li><b>Time.</b> Grid point k is simulation time start + k * step. A run longer than the trace wraps around to
 *       the trace's first grid point ({@link OwnerTrace#ownerLoad(java.time.Duration)}).</li>
 * </ol>
 *
 * <p>Memory: the VMs' rows are held as floats (about 20 bytes a row), the nodes' series as floats (8 bytes a grid
 * point), the aligned VMs only while building (16 bytes a grid point).
 */
public final class OwnerTraces {

    /** Location of the bundled excerpt for {@link #open(String, ClusterSpec, OwnerTraceSettings)}. */
    public static final String BUNDLED = BitbrainsOwnerExcerpt.LOCATION;

    private static final Logger log = LoggerFactory.getLogger(OwnerTraces.class);

    private OwnerTraces() {
    }

    /**
     * The bundled excerpt (Bitbrains Rnd 2013-8, 99 VMs, the first 7 days; see
     * {@link BitbrainsOwnerExcerpt}) on a cluster.
     */
    public static OwnerTrace bundled(ClusterSpec cluster, OwnerTraceSettings settings) throws IOException {
        return fromLocations(BitbrainsOwnerExcerpt.locations(), cluster, settings);
    }

    /**
     * A location: {@link #BUNDLED} (with or without its trailing {@code /}) for the bundled excerpt, else a
     * directory of VM files or one VM file.
     */
    public static OwnerTrace open(String location, ClusterSpec cluster, OwnerTraceSettings settings)
            throws IOException {
        Objects.requireNonNull(location, "location");
        if (location.equals(BUNDLED) || location.equals(BUNDLED.substring(0, BUNDLED.length() - 1))) {
            return bundled(cluster, settings);
        }
        return fromDirectory(Path.of(location), cluster, settings);
    }

    /**
     * Every {@code *.csv} and {@code *.csv.gz} of a directory (other files are ignored), or one such file, e.g.
     * {@code ../shared/data/bitbrains-rnd/2013-8}.
     *
     * @throws IOException if the directory cannot be listed or a file cannot be read
     * @throws IllegalArgumentException if it holds no VM file, or two files give the same VM id
     */
    public static OwnerTrace fromDirectory(Path directoryOrFile, ClusterSpec cluster, OwnerTraceSettings settings)
            throws IOException {
        Objects.requireNonNull(directoryOrFile, "directoryOrFile");
        if (!Files.isDirectory(directoryOrFile)) {
            return fromLocations(List.of(directoryOrFile.toString()), cluster, settings);
        }
        List<String> files;
        try (var listing = Files.list(directoryOrFile)) {
            files = listing.filter(Files::isRegularFile)
                    .map(path -> path.getFileName().toString())
                    .filter(name -> name.endsWith(".csv") || name.endsWith(".csv.gz"))
                    .sorted()
                    .map(name -> directoryOrFile.resolve(name).toString())
                    .toList();
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException(directoryOrFile + " holds no *.csv or *.csv.gz VM file");
        }
        return fromLocations(files, cluster, settings);
    }

    /** VM files at locations, file paths or {@code classpath:} resources. */
    public static OwnerTrace fromLocations(List<String> locations, ClusterSpec cluster, OwnerTraceSettings settings)
            throws IOException {
        var vms = new ArrayList<VmSeries>(locations.size());
        for (var location : locations) {
            vms.add(VmSeries.read(BitbrainsRowReader.open(location)));
        }
        return build(vms, cluster, settings);
    }

    /**
     * Builds the owners' load of a cluster from VM series read already; the rules are in this class's
     * documentation.
     *
     * @throws IllegalArgumentException if two series have the same VM id, no VM has a usable row, the trace offset
     *         reaches past the trace's end, or no VM is left after exclusion (the reasons are in the message)
     */
    public static OwnerTrace build(List<VmSeries> vms, ClusterSpec cluster, OwnerTraceSettings settings) {
        Objects.requireNonNull(vms, "vms");
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(settings, "settings");
        var ids = new HashSet<String>();
        var readCounts = new TreeMap<String, VmReadCounts>();
        for (var vm : vms) {
            if (!ids.add(vm.vmId())) {
                throw new IllegalArgumentException("two VM files give VM id '" + vm.vmId() + "'");
            }
            readCounts.put(vm.vmId(), vm.counts());
            if (vm.counts().hasProblems()) {
                var c = vm.counts();
                log.warn("owners: VM {} ({}): {} malformed lines, {} out-of-order rows, {} CPU and {} memory values"
                        + " unusable, left out; first: {}", vm.vmId(), c.source(), c.malformedLines(),
                        c.outOfOrderRows(), c.cpuRejected(), c.memoryRejected(), c.firstProblems());
            }
        }
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (var vm : vms) {
            for (int i = 0; i < vm.size(); i++) {
                if (vm.usable(Resource.CPU, i) || vm.usable(Resource.MEMORY, i)) {
                    first = Math.min(first, vm.seconds(i));
                    break;
                }
            }
            for (int i = vm.size() - 1; i >= 0; i--) {
                if (vm.usable(Resource.CPU, i) || vm.usable(Resource.MEMORY, i)) {
                    last = Math.max(last, vm.seconds(i));
                    break;
                }
            }
        }
        if (first == Long.MAX_VALUE) {
            throw new IllegalArgumentException("none of the " + vms.size() + " VMs has a row with a usable CPU or"
                    + " memory value: " + readCounts.values());
        }
        long step = settings.step().getSeconds();
        long gridStart = first + settings.traceOffset().getSeconds();
        if (gridStart > last) {
            throw new IllegalArgumentException("trace offset " + settings.traceOffset() + " reaches past the trace's"
                    + " last usable row at " + Instant.ofEpochSecond(last) + " (first at "
                    + Instant.ofEpochSecond(first) + ")");
        }
        long gridPoints = (last - gridStart) / step + 1;
        if (gridPoints > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the trace spans " + gridPoints + " steps of " + settings.step()
                    + ", more than " + Integer.MAX_VALUE);
        }
        int steps = (int) gridPoints;

        var aligned = new TreeMap<String, AlignedVm>();
        var excluded = new TreeMap<String, String>();
        for (var vm : vms) {
            var a = AlignedVm.align(vm, gridStart, steps, step, settings.maxHold().getSeconds());
            var reason = exclusion(a, steps, settings.minCoverage());
            if (reason == null) {
                aligned.put(vm.vmId(), a);
            } else {
                excluded.put(vm.vmId(), reason);
                log.warn("owners: VM {} not used: {}", vm.vmId(), reason);
            }
        }
        if (aligned.isEmpty()) {
            throw new IllegalArgumentException("no VM is left to carry the owners' load: " + excluded);
        }

        var nodeIds = cluster.nodes().stream().map(NodeSpec::nodeId).toList();
        var assignment = VmAssignment.deal(List.copyOf(aligned.keySet()), nodeIds, settings.seed(),
                settings.vmsPerNode());
        int shiftSteps = (int) Math.floorMod(settings.reuseShift().getSeconds() / step, (long) steps);
        var cpu = new LinkedHashMap<String, float[]>();
        var memory = new LinkedHashMap<String, float[]>();
        var coverage = new LinkedHashMap<String, NodeCoverage>();
        for (var entry : assignment.entrySet()) {
            var node = entry.getKey();
            var slots = entry.getValue();
            var c = new NodeSeries(steps);
            var m = new NodeSeries(steps);
            fractions(slots, aligned, Resource.CPU, shiftSteps, settings.loadScale(), c);
            fractions(slots, aligned, Resource.MEMORY, shiftSteps, settings.loadScale(), m);
            cpu.put(node, c.values);
            memory.put(node, m.values);
            var nodeCoverage = new NodeCoverage(steps, c.held, c.backfilled, m.held, m.backfilled);
            coverage.put(node, nodeCoverage);
            if (nodeCoverage.filledSteps() > 0) {
                log.warn("owners: node {} had no VM with data at some of its {} steps: CPU {} held and {} back-filled,"
                        + " memory {} held and {} back-filled", node, steps, c.held, c.backfilled, m.held,
                        m.backfilled);
            }
        }
        var traceStart = Instant.ofEpochSecond(gridStart);
        log.info("owners: {} VMs used ({} read, {} excluded) on {} nodes, seed {}, {} steps of {} from trace time {},"
                + " load scale {}", aligned.size(), vms.size(), excluded.size(), nodeIds.size(), settings.seed(), steps,
                settings.step(), traceStart, settings.loadScale());
        return new OwnerTrace(settings, traceStart, steps, assignment, cpu, memory, coverage, excluded, readCounts);
    }

    /** Why an aligned VM is not used, or null when it is. */
    private static String exclusion(AlignedVm vm, int steps, double minCoverage) {
        for (var resource : Resource.values()) {
            int present = vm.present(resource);
            if (present == 0) {
                return "no usable " + resource + " value at any of the " + steps + " grid points";
            }
            if (present < minCoverage * steps) {
                return resource + " value at " + present + " of " + steps + " grid points, below the minimum"
                        + " coverage " + minCoverage;
            }
        }
        return null;
    }

    /**
     * One resource's fraction of one node at every grid point: sum of usage over sum of capacity of the VMs present,
     * times the load scale; then the held and back-filled grid points.
     */
    private static void fractions(List<VmSlot> slots, Map<String, AlignedVm> aligned, Resource resource,
            int shiftSteps, double loadScale, NodeSeries out) {
        int steps = out.values.length;
        var vms = slots.stream().map(slot -> aligned.get(slot.vmId())).toList();
        var shifts = slots.stream().mapToInt(slot -> (int) ((long) slot.reuse() * shiftSteps % steps)).toArray();
        int firstCovered = -1;
        for (int k = 0; k < steps; k++) {
            double used = 0;
            double capacity = 0;
            for (int s = 0; s < vms.size(); s++) {
                int at = (k + shifts[s]) % steps;
                float c = vms.get(s).capacity(resource, at);
                if (!Float.isNaN(c)) {
                    used += vms.get(s).used(resource, at);
                    capacity += c;
                }
            }
            if (capacity > 0) {
                out.values[k] = (float) (used / capacity * loadScale);
                if (firstCovered < 0) {
                    firstCovered = k;
                }
            } else {
                out.values[k] = Float.NaN;
            }
        }
        if (firstCovered < 0) {
            // Cannot happen: every VM dealt has a value of each resource at some grid point (exclusion rule).
            throw new IllegalStateException("no " + resource + " value for VMs " + slots);
        }
        for (int k = 0; k < firstCovered; k++) {
            out.values[k] = out.values[firstCovered];
        }
        out.backfilled = firstCovered;
        for (int k = firstCovered + 1; k < steps; k++) {
            if (Float.isNaN(out.values[k])) {
                out.values[k] = out.values[k - 1];
                out.held++;
            }
        }
    }

    /** A node's series of one resource while it is built. */
    private static final class NodeSeries {
        private final float[] values;
        private int held;
        private int backfilled;

        NodeSeries(int steps) {
            values = new float[steps];
        }
    }
}
