/**
 * The planner's events: {@link io.gleaner.planner.events.EventMapping} is the only place where the planner's
 * core records ({@code Job}, {@code NodeState}, {@code TaskOutcome}, {@code Placement}) meet their Avro events
 * ({@code JobSubmitted}, {@code NodeHeartbeat}, {@code TaskReport}, {@code PlacementDecision}). The planner's
 * Kafka Streams topology and the simulator's lockstep link both map through it, so a field added to an event is
 * mapped once (as the map group's chunk layout, {@code TaskGroup.layout}, is).
 */
package io.gleaner.planner.events;
