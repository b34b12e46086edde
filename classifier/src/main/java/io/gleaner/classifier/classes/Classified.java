package io.gleaner.classifier.classes;

/**
 * Where {@link JobClassifier#classify} put a job (COSHH Algorithm 1).
 *
 * @param jobClass the class the job joined, as it stands after the job joined
 * @param reclustered whether the job fitted no class, so the classification was re-run (and the LP must be
 *     solved again)
 * @param generation how many times the classification has been re-run; class ids of different generations name
 *     different classes
 */
public record Classified(JobClass jobClass, boolean reclustered, int generation) {
}
