/**
 * Walk-forward evaluation of {@link io.gleaner.forecaster.core.Forecaster}s on utilization traces: reading a
 * Bitbrains trace onto the forecast grid ({@link io.gleaner.forecaster.eval.TraceSeriesLoader}), refitting every
 * model on the past only and scoring the next horizon ({@link io.gleaner.forecaster.eval.WalkForward}), and the
 * tables and page of the {@code gleaner forecast-eval} command ({@link io.gleaner.forecaster.eval.EvalReport}).
 */
package io.gleaner.forecaster.eval;
