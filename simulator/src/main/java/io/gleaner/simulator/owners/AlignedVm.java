package io.gleaner.simulator.owners;

import io.gleaner.ingest.bitbrains.BitbrainsRow.Resource;
import java.util.Arrays;

/**
 * One VM on the common grid: per grid point and resource, the usage and capacity in effect, or NaN where the VM
 * is absent. The value in effect at grid point g is that of the VM's last row at or before g with a usable value
 * of the resource (a row holds until the next, as in {@link io.gleaner.simulator.core.OwnerLoad}), provided that
 * row is at most {@code maxHold} before g; otherwise the VM is absent there.
 */
final class AlignedVm {

    private final String vmId;
    private final float[][] used = new float[Resource.values().length][];
    private final float[][] capacity = new float[Resource.values().length][];
    private final int[] present = new int[Resource.values().length];

    private AlignedVm(String vmId) {
        this.vmId = vmId;
    }

    /**
     * Aligns a VM onto {@code steps} grid points {@code gridStart + k * step} (Unix seconds).
     *
     * @param maxHold longest age, in seconds, of a value still in effect
     */
    static AlignedVm align(VmSeries vm, long gridStart, int steps, long step, long maxHold) {
        var aligned = new AlignedVm(vm.vmId());
        for (var resource : Resource.values()) {
            int r = resource.ordinal();
            var u = new float[steps];
            var c = new float[steps];
            Arrays.fill(u, Float.NaN);
            Arrays.fill(c, Float.NaN);
            int last = -1;
            int next = 0;
            int count = 0;
            for (int k = 0; k < steps; k++) {
                long g = gridStart + k * step;
                while (next < vm.size() && vm.seconds(next) <= g) {
                    if (vm.usable(resource, next)) {
                        last = next;
                    }
                    next++;
                }
                if (last >= 0 && g - vm.seconds(last) <= maxHold) {
                    u[k] = (float) vm.used(resource, last);
                    c[k] = (float) vm.capacity(resource, last);
                    count++;
                }
            }
            aligned.used[r] = u;
            aligned.capacity[r] = c;
            aligned.present[r] = count;
        }
        return aligned;
    }

    String vmId() {
        return vmId;
    }

    /** Grid points at which the VM has a value of the resource. */
    int present(Resource resource) {
        return present[resource.ordinal()];
    }

    /** Usage at grid point k, NaN when absent. */
    float used(Resource resource, int k) {
        return used[resource.ordinal()][k];
    }

    /** Capacity at grid point k, NaN when absent. */
    float capacity(Resource resource, int k) {
        return capacity[resource.ordinal()][k];
    }
}
