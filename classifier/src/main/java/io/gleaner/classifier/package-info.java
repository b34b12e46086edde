/**
 * The classifier stage: a Kafka Streams application ({@link io.gleaner.classifier.ClassifierApp}, settings in
 * {@link io.gleaner.classifier.ClassifierConfig}) that builds job profiles from task reports (seed 002 section 3.2,
 * seed 003 section 3.3) and publishes them on {@code jobs.profiles}. The pure core of profiles and completion-time
 * estimates is in {@code estimate}, the stream in {@code topology}; k-means job classes (COSHH section 3.1) live in
 * {@code classes}.
 */
package io.gleaner.classifier;
