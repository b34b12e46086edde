package io.gleaner.simulator.core;

/**
 * What a {@link Simulation} counts of the QoS controller's ticks and the kills on its nodes; read out as
 * {@link QosCounts}.
 */
final class QosTally {

    long controllerKills;
    long oomKills;
    long throttles;
    long raises;
    long ticks;

    /** The counts so far, under the controller named {@code qosName}. */
    QosCounts counts(String qosName) {
        return new QosCounts(qosName, controllerKills, oomKills, throttles, raises, ticks);
    }
}
