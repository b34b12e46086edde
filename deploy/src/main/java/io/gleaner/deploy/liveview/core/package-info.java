/**
 * The live view's pure core: {@link io.gleaner.deploy.liveview.core.LiveView} folds plain records of what the topics
 * carry ({@link io.gleaner.deploy.liveview.core.LiveEvent}) into a bounded view model
 * ({@link io.gleaner.deploy.liveview.core.ViewSnapshot}), in event time, without Kafka, Avro or a clock
 * (docs/operations.md#watching-it).
 */
package io.gleaner.deploy.liveview.core;
