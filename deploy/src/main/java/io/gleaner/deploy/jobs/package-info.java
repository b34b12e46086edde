/**
 * What {@code gleaner jobs} does apart from Kafka: the job file's JSON to a {@code JobSubmitted} with the path of
 * every error ({@link io.gleaner.deploy.jobs.JobFile}), sizes with units ({@link io.gleaner.deploy.jobs.ByteSize}),
 * and a job's state folded from its {@code jobs.events} ({@link io.gleaner.deploy.jobs.JobStatus}). The command in
 * {@code cli} reads and writes the topics.
 */
package io.gleaner.deploy.jobs;
