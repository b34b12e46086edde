/**
 * Walk-forward evaluation of {@link io.gleaner.forecaster.core.Forecaster}s on utilization traces: reading a
 * Bitbrains trace, or the utilization samples of any reader of the ingest module, onto the forecast grid
 * ({@link io.gleaner.evaluators.forecasts.TraceSeriesLoader}, one resampling rule in
 * {@link io.gleaner.evaluators.forecasts.SampleGrid}), refitting every
 * model on the past only and scoring the next horizon ({@link io.gleaner.evaluators.forecasts.WalkForward}), and the
 * tables (overall and per metric, {@link io.gleaner.evaluators.forecasts.Summary}) and page of the
 * {@code gleaner forecast-eval} command ({@link io.gleaner.evaluators.forecasts.EvalReport}). The models it can name are in
 * {@link io.gleaner.evaluators.forecasts.ForecastModels}; {@link io.gleaner.evaluators.forecasts.DayOracle} is a bound that sees
 * the horizon it is scored on, never a model.
 */
package io.gleaner.evaluators.forecasts;
