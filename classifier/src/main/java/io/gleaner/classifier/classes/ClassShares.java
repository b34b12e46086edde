package io.gleaner.classifier.classes;

/**
 * How k classes are split over the priorities, which are clustered apart so that classes never mix priorities
 * (COSHH section 3.1: "each class C_i has a given priority, which is equal to the priority of the jobs in this
 * class"). Each priority gets one class; the other k - P go one at a time to the priority furthest below its target
 * k × users_p / users (ties to the earlier priority in the given order), never beyond its distinct points, which
 * k-means++ needs to seed distinct centres. This is largest-deficit apportionment: with k = the number of users it
 * gives each priority one class per user.
 */
final class ClassShares {

    private ClassShares() {
    }

    /**
     * The number of classes of each priority.
     *
     * @param k the classes wanted, &gt;= 1
     * @param users the distinct users of each priority, &gt;= 1 each
     * @param distinctPoints the distinct points of each priority, &gt;= 1 each
     */
    static int[] split(int k, int[] users, int[] distinctPoints) {
        int priorities = users.length;
        int[] shares = new int[priorities];
        long allUsers = 0;
        for (int p = 0; p < priorities; p++) {
            shares[p] = 1;
            allUsers += users[p];
        }
        for (int left = k - priorities; left > 0; left--) {
            int best = -1;
            double bestDeficit = Double.NEGATIVE_INFINITY;
            for (int p = 0; p < priorities; p++) {
                if (shares[p] >= distinctPoints[p]) {
                    continue;
                }
                double deficit = (double) k * users[p] / allUsers - shares[p];
                if (deficit > bestDeficit) {
                    bestDeficit = deficit;
                    best = p;
                }
            }
            if (best < 0) {
                break;
            }
            shares[best]++;
        }
        return shares;
    }
}
