package io.gleaner.qos.core;

/**
 * The seam the QoS controllers plug into: one node's observation at one period tick in, the actions out
 * ({@link SalamanderController}, Salamander §III-D Algorithm 3; {@link CuckooController}, the §II-C baseline).
 * Implementations are pure and stateless: the same observation always gives the same decision.
 */
public interface QosPolicy {

    /** What to do on {@code observation}'s node now. */
    QosDecision decide(NodeObservation observation);
}
