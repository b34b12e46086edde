/**
 * The all-in-one runner: the {@code gleaner} command line ({@code cli}), the embedded Kafka broker
 * ({@code broker}), the embedded schema registry ({@code registry}) and the topic administration
 * ({@code topics}). This module is the composition root: it is where brokers, streams applications,
 * clients, threads and files are created.
 */
package io.gleaner.deploy;
