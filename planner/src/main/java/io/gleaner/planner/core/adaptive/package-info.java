/**
 * The Adaptive scheduler of the 2014 thesis, chapter 3 (seed 003 sections 2.1-2.3): slots by the need of each job
 * to meet its completion-time goal (Eq. 1), with data affinity and hardware affinity. docs/policies/adaptive.md.
 */
package io.gleaner.planner.core.adaptive;
