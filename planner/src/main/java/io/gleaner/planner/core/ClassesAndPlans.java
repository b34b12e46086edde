package io.gleaner.planner.core;

import io.gleaner.classifier.classes.JobClass;
import java.time.Instant;
import java.util.List;
import java.util.SortedMap;

/**
 * What one re-solve of COSHH's queuing process produced (COSHH section 3): the classes of both classifications and
 * both LP plans, which the planner publishes on {@code jobs.classes} and {@code plans}. In the shared model, not in
 * the COSHH package, because {@link PolicyOutputs} carries it to every driver of the cell.
 *
 * @param issuedAt         event time of the heartbeat on which it was solved
 * @param primaryClasses   the primary classification's classes (ids {@code P-n})
 * @param secondaryClasses the secondary classification's classes (ids {@code S-n})
 * @param ratesByNode      µ_ij of the LPs: class id to node id to jobs of the class per second on the node
 * @param primaryPlan      SC of every node
 * @param secondaryPlan    SC' of every node
 */
public record ClassesAndPlans(Instant issuedAt, List<JobClass> primaryClasses, List<JobClass> secondaryClasses,
                              SortedMap<String, SortedMap<String, Double>> ratesByNode,
                              SuggestedClasses primaryPlan, SuggestedClasses secondaryPlan) {
}
