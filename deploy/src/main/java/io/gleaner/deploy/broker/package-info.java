/** A single-node KRaft Kafka broker inside the JVM, with its log kept in a data directory between runs. */
package io.gleaner.deploy.broker;
