package io.gleaner.planner.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Where each map of a job succeeded: the node of its succeeded attempt (the attempt is the task's latest,
 * {@link PhaseProgress#latestAttempt}), for the reduces' {@link Placement#mapOutputs()}. Compact for jobs of up to
 * 100,000 maps: the nodes once each, and per map a node number (0: not succeeded, i: {@code nodes.get(i - 1)}) in
 * blocks of {@value #BLOCK} maps, so that recording a success copies one block, not one entry per map.
 */
public final class SucceededMaps {

    private static final int BLOCK = 1024;

    private final int count;
    private final List<String> nodes;
    /** Node number per map, a block of {@link #BLOCK} maps each; a null block holds no success. Never mutated. */
    private final int[][] blocks;

    private SucceededMaps(int count, List<String> nodes, int[][] blocks) {
        this.count = count;
        this.nodes = nodes;
        this.blocks = blocks;
    }

    /** No map of {@code count} succeeded yet. */
    public static SucceededMaps none(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, was " + count);
        }
        return new SucceededMaps(count, List.of(), new int[(count + BLOCK - 1) / BLOCK][]);
    }

    /**
     * The successes of {@code count} maps with these {@code nodes} and per map node {@code numbers} (0: none, i:
     * {@code nodes.get(i - 1)}), as stored; maps past the end of {@code numbers} have not succeeded.
     */
    public static SucceededMaps of(int count, List<String> nodes, int[] numbers) {
        if (numbers.length > count) {
            throw new IllegalArgumentException(numbers.length + " map node numbers for " + count + " maps");
        }
        var result = none(count);
        var blocks = result.blocks;
        for (int task = 0; task < numbers.length; task++) {
            int number = numbers[task];
            if (number < 0 || number > nodes.size()) {
                throw new IllegalArgumentException("node number " + number + " of map " + task + " is not in 0.."
                        + nodes.size());
            }
            if (number > 0) {
                if (blocks[task / BLOCK] == null) {
                    blocks[task / BLOCK] = new int[BLOCK];
                }
                blocks[task / BLOCK][task % BLOCK] = number;
            }
        }
        return new SucceededMaps(count, List.copyOf(nodes), blocks);
    }

    /** This record with map {@code taskIndex} succeeded on {@code nodeId}. */
    public SucceededMaps with(int taskIndex, String nodeId) {
        Objects.checkIndex(taskIndex, count);
        int at = nodes.indexOf(nodeId);
        var newNodes = nodes;
        if (at < 0) {
            var grown = new ArrayList<>(nodes);
            grown.add(nodeId);
            newNodes = List.copyOf(grown);
            at = nodes.size();
        }
        var newBlocks = blocks.clone();
        var block = blocks[taskIndex / BLOCK];
        var newBlock = block == null ? new int[BLOCK] : block.clone();
        newBlock[taskIndex % BLOCK] = at + 1;
        newBlocks[taskIndex / BLOCK] = newBlock;
        return new SucceededMaps(count, newNodes, newBlocks);
    }

    /** Number of maps of the job. */
    public int count() {
        return count;
    }

    /** The node map {@code taskIndex} succeeded on, if it did. */
    public Optional<String> node(int taskIndex) {
        int number = number(taskIndex);
        return number == 0 ? Optional.empty() : Optional.of(nodes.get(number - 1));
    }

    /** The nodes that ran succeeded maps, in the order first seen. */
    public List<String> nodes() {
        return nodes;
    }

    /** Node number per map up to the last succeeded one (0: none, i: {@code nodes().get(i - 1)}), for storing. */
    public int[] numbers() {
        int last = -1;
        for (int task = count - 1; task >= 0 && last < 0; task--) {
            if (number(task) != 0) {
                last = task;
            }
        }
        var result = new int[last + 1];
        for (int task = 0; task <= last; task++) {
            result[task] = number(task);
        }
        return result;
    }

    /** The succeeded attempts grouped by node, nodes in the order first seen, maps by index. */
    public List<MapOutputs> byNode(PhaseProgress maps) {
        var byNode = new LinkedHashMap<String, List<MapOutput>>();
        nodes.forEach(node -> byNode.put(node, new ArrayList<>()));
        for (int task = 0; task < count; task++) {
            int number = number(task);
            if (number != 0) {
                byNode.get(nodes.get(number - 1)).add(new MapOutput(task, maps.latestAttempt(task)));
            }
        }
        var result = new ArrayList<MapOutputs>(byNode.size());
        byNode.forEach((node, outputs) -> {
            if (!outputs.isEmpty()) {
                result.add(new MapOutputs(node, outputs));
            }
        });
        return result;
    }

    private int number(int taskIndex) {
        var block = blocks[taskIndex / BLOCK];
        return block == null ? 0 : block[taskIndex % BLOCK];
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SucceededMaps that && count == that.count && nodes.equals(that.nodes)
                && Arrays.equals(numbers(), that.numbers());
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, nodes, Arrays.hashCode(numbers()));
    }

    @Override
    public String toString() {
        return "SucceededMaps[count=" + count + ", nodes=" + nodes + "]";
    }
}
