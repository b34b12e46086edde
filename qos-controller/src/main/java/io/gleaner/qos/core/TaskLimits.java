package io.gleaner.qos.core;

/**
 * What the owners leave Gleaner's tasks on a node now: Algorithm 3 lines 1–2 ({@code getCpuLimit()},
 * {@code getRamLimit()}), i.e. Salamander Eq. 1, A(k, m, t) = C(k, m) · (1 − (U(k, m, t) + S(m))), with the owners'
 * measured use in place of the forecast U. Shared by both controllers so they judge a node by the same numbers.
 *
 * @param cpuMarginCores  S(cpu) · C(cpu)
 * @param cpuLimitCores   C(cpu) − owners' cpu − S(cpu) · C(cpu), clamped to [0, C(cpu)] and rounded down to a CPU
 *                        step (line 1)
 * @param ramMarginBytes  sm = floor(S(ram) · C(ram)), the paper's "sm"
 * @param ramLeftBytes    C(ram) − owners' RAM: the RAM the owners leave, negative when their samples exceed capacity
 * @param ramLimitBytes   ramLeftBytes − sm (line 2); negative when the owners eat into the margin itself
 */
record TaskLimits(double cpuMarginCores, double cpuLimitCores, long ramMarginBytes, long ramLeftBytes,
                  long ramLimitBytes) {

    static TaskLimits of(NodeObservation observation, QosSettings settings) {
        var capacity = observation.capacity();
        var owners = observation.owners();
        double cpuMargin = settings.cpuSafetyMargin() * capacity.cpus();
        double cpuRaw = capacity.cpus() - owners.cpus() - cpuMargin;
        double cpuLimit = settings.floorToCpuStep(Math.min(Math.max(cpuRaw, 0), capacity.cpus()));
        long ramMargin = (long) Math.floor(settings.ramSafetyMargin() * capacity.ramBytes());
        long ramLeft = capacity.ramBytes() - owners.ramBytes();
        return new TaskLimits(cpuMargin, cpuLimit, ramMargin, ramLeft, ramLeft - ramMargin);
    }
}
