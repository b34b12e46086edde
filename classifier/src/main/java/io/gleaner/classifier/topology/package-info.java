/**
 * The classifier's Kafka Streams adapter for job profiles: {@link io.gleaner.classifier.topology.ClassifierTopology}
 * turns successful task reports into each run's profile and merges the runs of a job name into the profile published
 * on {@code jobs.profiles}; {@link io.gleaner.classifier.topology.ClassifierRecords} maps profiles between Avro and the
 * {@code estimate} core.
 */
package io.gleaner.classifier.topology;
