package io.gleaner.planner.topology;

import io.gleaner.planner.core.ClassesAndPlans;
import io.gleaner.planner.core.SuggestedClasses;
import io.gleaner.schemas.avro.ClassAllocation;
import io.gleaner.schemas.avro.ClassPlan;
import io.gleaner.schemas.avro.Classification;
import io.gleaner.schemas.avro.JobClass;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;

/** COSHH's classes and plans ({@link ClassesAndPlans}) as the events of {@code jobs.classes} and {@code plans}. */
final class ClassPlanMapping {

    private ClassPlanMapping() {
    }

    /** Both classifications' classes, primary first, each in its classification's order. */
    static List<JobClass> jobClasses(ClassesAndPlans update) {
        var classes = new ArrayList<JobClass>();
        update.primaryClasses().forEach(c -> classes.add(jobClass(c, Classification.PRIMARY, update)));
        update.secondaryClasses().forEach(c -> classes.add(jobClass(c, Classification.SECONDARY, update)));
        return classes;
    }

    private static JobClass jobClass(io.gleaner.classifier.classes.JobClass jobClass, Classification classification,
                                     ClassesAndPlans update) {
        return JobClass.newBuilder()
                .setClassId(jobClass.id())
                .setClassification(classification)
                .setFeatureNames(jobClass.featureNames())
                .setCentroid(jobClass.centroid())
                .setMemberJobIds(jobClass.memberJobIds())
                .setArrivalRate(jobClass.arrivalRate())
                .setRatesByNode(new LinkedHashMap<>(update.ratesByNode().get(jobClass.id())))
                .setIssuedAt(update.issuedAt())
                .build();
    }

    /** The primary plan (SC, key {@code P}) and the secondary one (SC', key {@code S}). */
    static List<ClassPlan> classPlans(ClassesAndPlans update) {
        return List.of(classPlan(update.primaryPlan(), update.issuedAt()),
                classPlan(update.secondaryPlan(), update.issuedAt()));
    }

    private static ClassPlan classPlan(SuggestedClasses plan, Instant issuedAt) {
        var allocations = new ArrayList<ClassAllocation>();
        plan.allocations().forEach((classId, shares) -> shares.forEach((nodeId, share) ->
                allocations.add(new ClassAllocation(classId, nodeId, share))));
        var suggested = new LinkedHashMap<String, List<String>>(plan.suggested());
        return ClassPlan.newBuilder()
                .setPlanId(plan.planId())
                .setIssuedAt(issuedAt)
                .setLambda(plan.lambda())
                .setAllocations(allocations)
                .setSuggestedClasses(suggested)
                .build();
    }
}
