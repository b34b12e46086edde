/**
 * The demo: the first jobs of the bundled SWIM Facebook 2009 trace, through the planner over Kafka, on the
 * simulated cluster in lockstep; what {@code gleaner demo} runs and prints.
 */
package io.gleaner.deploy.demo;
