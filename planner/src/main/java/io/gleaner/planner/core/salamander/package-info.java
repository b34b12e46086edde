/**
 * Salamander's holistic planner (Handaoui et al., CCGrid 2020; docs/policies/salamander.md): every queued task
 * planned over the forecast window ({@link io.gleaner.planner.core.salamander.HolisticPlanning}) and released by
 * {@link io.gleaner.planner.core.salamander.SalamanderPolicy}. The planning problem and its solvers are in
 * {@code solver}, apart because its model has a {@code Job}, a {@code Node} and a {@code Task} of its own.
 */
package io.gleaner.planner.core.salamander;
