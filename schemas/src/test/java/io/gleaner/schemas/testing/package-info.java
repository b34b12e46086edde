/** Test fixtures shared by every module through the schemas test-jar: the Kafka integration tests run against. */
package io.gleaner.schemas.testing;
