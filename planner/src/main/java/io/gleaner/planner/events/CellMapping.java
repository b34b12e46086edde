package io.gleaner.planner.events;

import io.gleaner.planner.core.CpuMemory;
import io.gleaner.planner.core.cells.CellRouting;
import io.gleaner.planner.core.cells.CellStatus;
import io.gleaner.planner.core.cells.Route;
import io.gleaner.schemas.avro.JobRoute;
import io.gleaner.schemas.avro.Resources;
import java.util.List;
import java.util.Set;

/** The planner cells' records (docs/cells.md) between the core's and the topics' Avro form. */
public final class CellMapping {

    private CellMapping() {
    }

    /** A core status as published on {@code cells.status}, keyed by {@link #key}. */
    public static io.gleaner.schemas.avro.CellStatus cellStatus(CellStatus status) {
        return io.gleaner.schemas.avro.CellStatus.newBuilder()
                .setCell(status.cell())
                .setTime(status.time())
                .setNodes(List.copyOf(status.nodes().stream().sorted().toList()))
                .setShapes(status.shapes().stream().map(CellMapping::resources).toList())
                .setCapacity(resources(status.capacity()))
                .setForecastCpus(status.forecastCpus())
                .setQueuedCpus(status.queuedCpus())
                .build();
    }

    /**
     * The core status of a record of {@code cells.status}.
     *
     * @throws IllegalArgumentException when it breaks {@link CellStatus}'s rules
     */
    public static CellStatus cellStatus(io.gleaner.schemas.avro.CellStatus status) {
        return new CellStatus(status.getCell(), status.getTime(), Set.copyOf(status.getNodes()),
                status.getShapes().stream().map(CellMapping::cpuMemory).toList(), cpuMemory(status.getCapacity()),
                status.getForecastCpus(), status.getQueuedCpus());
    }

    /** The key of cell {@code cell}'s records on {@code cells.status}: its index in decimal. */
    public static String key(int cell) {
        return Integer.toString(cell);
    }

    /** A route as recorded on {@code jobs.routed}; held jobs are not recorded until routed or refused. */
    public static JobRoute jobRoute(CellRouting.Routed routed) {
        var route = routed.route();
        return JobRoute.newBuilder()
                .setJobId(routed.job().jobId())
                .setTime(routed.time())
                .setCell(route instanceof Route.To to ? to.cell() : null)
                .setReason(route.reason())
                .build();
    }

    private static Resources resources(CpuMemory resources) {
        return new Resources(resources.cpus(), resources.memoryBytes());
    }

    private static CpuMemory cpuMemory(Resources resources) {
        return new CpuMemory(resources.getCpus(), resources.getMemoryBytes());
    }
}
