/** {@code gleaner local}'s job: the word count of {@code examples/wordcount}, laid out, submitted and checked. */
package io.gleaner.deploy.local;
