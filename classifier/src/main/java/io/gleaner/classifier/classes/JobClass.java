package io.gleaner.classifier.classes;

import java.util.List;

/**
 * A job class C_i of COSHH section 3.1 as it stands: its priority (that of all its jobs), its centroid in the
 * clustering space, its members still in the history, their arrival rate α_i and their mean execution rate µ_i,t on
 * each node type.
 *
 * @param id "P-3", "S-3": the classification's prefix and the class's index; indices are reassigned at each
 *     re-clustering (see {@link JobClassifier}), and stay put between re-clusterings
 * @param priority the priority of every job in the class
 * @param featureNames the name of each centroid coordinate
 * @param centroid the k-means centroid, in the units named by {@code featureNames}
 * @param radius the largest distance of a member (at the last re-clustering) to the centroid
 * @param memberJobIds the members still in the history, in order of classification
 * @param arrivalRate α_i: the number of members divided by the span of the classification's history (jobs/s); see
 *     {@link JobClassifier}
 * @param meanRates µ_i,t: the arithmetic mean of the members' rates on node type t (jobs/s)
 */
public record JobClass(String id, double priority, List<String> featureNames, List<Double> centroid, double radius,
        List<String> memberJobIds, double arrivalRate, List<Double> meanRates) {

    public JobClass {
        featureNames = List.copyOf(featureNames);
        centroid = List.copyOf(centroid);
        memberJobIds = List.copyOf(memberJobIds);
        meanRates = List.copyOf(meanRates);
        if (featureNames.size() != centroid.size()) {
            throw new IllegalArgumentException("class " + id + " has " + featureNames.size() + " feature names for a "
                    + centroid.size() + "-coordinate centroid");
        }
    }

    /** µ_i,t as an array, one entry per node type. */
    public double[] meanRateArray() {
        return meanRates.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
