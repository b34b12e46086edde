/**
 * RAS, the resource-aware adaptive scheduler (seed 003, thesis ch. 4), and Reverse-Adaptive, its variant for
 * capacity that varies over time (ch. 5, §5.3): one placement algorithm (Algorithm 1, {@link
 * io.gleaner.planner.core.ras.PlacementAlgorithm}) under two utilities (Eqs 5–7, {@link
 * io.gleaner.planner.core.ras.ResourceAwareUtility}; Eqs 13–15, {@link
 * io.gleaner.planner.core.ras.ReverseAdaptiveUtility}), the latter with s_fit from the reverse fit over the
 * forecast (Algorithm 2, {@link io.gleaner.planner.core.ras.ReverseFit}). docs/policies/ras.md,
 * docs/policies/reverse-adaptive.md.
 */
package io.gleaner.planner.core.ras;
