package io.gleaner.classifier.topology;

import io.gleaner.classifier.estimate.Phase;

/**
 * Keys of the {@link ClassifierStores#RUNS} store: {@code <length of jobId>:<jobId>/<PHASE>/<taskIndex>}, e.g.
 * {@code 4:job7/MAP/3}. The length makes the job's prefix unambiguous whatever characters a job id holds (without
 * it, the prefix of job {@code a} would also match job {@code a/MAP}), so one prefix scan finds exactly one job's
 * tasks.
 */
final class RunKeys {

    private RunKeys() {
    }

    /** The prefix of every key of {@code jobId}. */
    static String prefix(String jobId) {
        return jobId.length() + ":" + jobId + "/";
    }

    /** The key of one task. */
    static String key(String jobId, Phase phase, int taskIndex) {
        return prefix(jobId) + phase.name() + "/" + taskIndex;
    }

    /** The phase of a key made by {@link #key}. */
    static Phase phase(String jobId, String key) {
        var rest = key.substring(prefix(jobId).length());
        return Phase.valueOf(rest.substring(0, rest.indexOf('/')));
    }
}
