/**
 * FIFO, the baseline: oldest job first, a job's tasks by index, a job that does not fit passed over for the
 * heartbeat (docs/policies/fifo.md).
 */
package io.gleaner.planner.core.fifo;
