package io.gleaner.deploy.cli;

import io.gleaner.planner.PlannerSettingsDef;
import io.gleaner.planner.core.cells.CellBy;
import io.gleaner.planner.core.cells.CellMap;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Command;

/**
 * {@code --cells} and {@code --cell-by}, the planner's cells (docs/cells.md), for {@code gleaner evaluate}, made from
 * the planner's declaration as {@code gleaner run}'s are.
 */
@Command(modelTransformer = StageOptions.Generator.class)
final class CellsOptions extends StageOptions {

    CellsOptions() {
        super(PlannerSettingsDef.CONFIG, "", Set.of(PlannerSettingsDef.CELLS, PlannerSettingsDef.CELL_BY)::contains,
                Map.of());
    }

    /** The cells given on the command line, each part at its default when not given ({@link CellMap#ONE}). */
    CellMap cellMap() {
        var cells = properties().get(PlannerSettingsDef.key(PlannerSettingsDef.CELLS));
        var by = properties().get(PlannerSettingsDef.key(PlannerSettingsDef.CELL_BY));
        return new CellMap(cells == null ? CellMap.ONE.cells() : Integer.parseInt(cells.toString().strip()),
                by == null ? CellMap.ONE.by() : CellBy.parse(by.toString().strip()));
    }
}
