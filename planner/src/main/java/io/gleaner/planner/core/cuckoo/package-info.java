/**
 * Cuckoo, Salamander's baseline (§II-C, §IV; docs/policies/cuckoo.md): oldest job first, a node-local map first,
 * and a new job's input dealt by weighted round robin over the forecast spare CPU.
 */
package io.gleaner.planner.core.cuckoo;
