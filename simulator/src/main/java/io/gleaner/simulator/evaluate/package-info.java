/**
 * The evaluation bench (DESIGN section 4): one workload on one simulated cluster under several policies and
 * seeds, and the reports that put the runs side by side.
 */
package io.gleaner.simulator.evaluate;
