package io.gleaner.simulator.core;

import io.gleaner.planner.core.InputPlacement;
import io.gleaner.planner.core.Placement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/** A planner link that keeps every round and its answer, around another link or a scripted answer. */
final class RecordingPlannerLink implements PlannerLink {

    /** One round and the placements it got back. */
    record Exchange(Round round, List<Placement> placements) {
    }

    private final Function<Round, List<Placement>> planner;
    private final Supplier<List<InputPlacement>> dataPlacements;
    private final List<Exchange> exchanges = new ArrayList<>();

    RecordingPlannerLink(Function<Round, List<Placement>> planner) {
        this(planner, List::of);
    }

    private RecordingPlannerLink(Function<Round, List<Placement>> planner,
                                 Supplier<List<InputPlacement>> dataPlacements) {
        this.planner = planner;
        this.dataPlacements = dataPlacements;
    }

    static RecordingPlannerLink around(PlannerLink link) {
        return new RecordingPlannerLink(link::round, link::takeDataPlacements);
    }

    @Override
    public List<InputPlacement> takeDataPlacements() {
        return dataPlacements.get();
    }

    /** Answers the first round with {@code placements}, later rounds with nothing. */
    static RecordingPlannerLink onFirstRound(Function<Round, List<Placement>> placements) {
        var first = new Instant[1];
        return new RecordingPlannerLink(round -> {
            if (first[0] == null) {
                first[0] = round.time();
            }
            return first[0].equals(round.time()) ? placements.apply(round) : List.of();
        });
    }
    @Override
    public List<Placement> round(Round round) {
        var placements = planner.apply(round);
        exchanges.add(new Exchange(round, List.copyOf(placements)));
        return placements;
    }

    List<Exchange> exchanges() {
        return List.copyOf(exchanges);
    }

    /** Every report sent, in order. */
    List<AttemptReport> reports() {
        return exchanges.stream().flatMap(e -> e.round().reports().stream()).toList();
    }
}
