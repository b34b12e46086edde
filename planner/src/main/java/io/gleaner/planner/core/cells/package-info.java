/**
 * Planner cells (docs/cells.md): which cell a node belongs to ({@link io.gleaner.planner.core.cells.CellMap}), what a
 * cell publishes about itself ({@link io.gleaner.planner.core.cells.CellStatus}) and the router that chooses a job's
 * cell from that ({@link io.gleaner.planner.core.cells.CellRouter}); each cell runs one
 * {@link io.gleaner.planner.core.PlannerCell}.
 */
package io.gleaner.planner.core.cells;
