/**
 * The evaluation report (DESIGN section 4, "the standard comparison"): pure functions from the runs of an
 * {@link io.gleaner.simulator.evaluate.Evaluation} to a table of every metric per policy, absolute and as a ratio
 * to the baseline policy ({@link io.gleaner.simulator.report.MetricTable}, as terminal text and CSV), and to one
 * self-contained HTML page with the table and charts rendered to PNG by JFreeChart
 * ({@link io.gleaner.simulator.report.HtmlReport}). Nothing here writes files or reads a clock: the caller (the
 * {@code gleaner evaluate} command) does.
 */
package io.gleaner.simulator.report;
