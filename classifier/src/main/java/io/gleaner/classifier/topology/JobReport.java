package io.gleaner.classifier.topology;

import java.util.Objects;

/** A successful attempt (with its node type) and the job it belongs to, as the job join pairs them. */
record JobReport(ReportEnvelope report, JobEntry job) {

    JobReport {
        Objects.requireNonNull(report, "report");
        Objects.requireNonNull(job, "job");
    }
}
