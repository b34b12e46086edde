/**
 * Will hold the classifier stage: job profiles (seed 002 section 3.2, seed 003 section 3.3), completion-time
 * estimates (seed 002 Eqs. 3.1-3.18) and k-means job classes (COSHH section 3.1), published on
 * {@code jobs.profiles} and {@code jobs.classes}. Nothing lives here yet.
 */
package io.gleaner.classifier;
