package io.gleaner.simulator.owners;

import java.util.Objects;

/**
 * One VM placed on a node: which VM, and which use of it (0 for its first, r for its r-th reuse, which is
 * phase-shifted by r times {@link OwnerTraceSettings#reuseShift()}).
 *
 * @param vmId  the VM's id
 * @param reuse 0 for the VM's first use, r &gt;= 1 for its r-th reuse
 */
public record VmSlot(String vmId, int reuse) {

    public VmSlot {
        Objects.requireNonNull(vmId, "vmId");
        if (reuse < 0) {
            throw new IllegalArgumentException("reuse must be >= 0, was " + reuse + " for VM " + vmId);
        }
    }
}
