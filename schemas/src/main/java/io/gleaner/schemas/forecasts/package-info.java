/**
 * The read side of the {@code forecasts} topic's contract: its series key ({@link
 * io.gleaner.schemas.forecasts.SeriesKey}) and spare capacity A(k,m,t) over a view of the topic ({@link
 * io.gleaner.schemas.forecasts.SpareCapacity}). Here, beside the schema, so that a reader (the planner) does not reach
 * into the writer's adapter (the forecaster's).
 */
package io.gleaner.schemas.forecasts;
