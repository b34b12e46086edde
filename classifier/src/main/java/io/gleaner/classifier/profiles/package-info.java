/**
 * The {@code jobs.profiles} topic's records mapped to and from the classifier's core profile: its contract's read
 * side, used by the classifier's adapter and by the planner alike.
 */
package io.gleaner.classifier.profiles;
