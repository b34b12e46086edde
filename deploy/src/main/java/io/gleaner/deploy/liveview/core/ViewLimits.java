package io.gleaner.deploy.liveview.core;

/**
 * What the live view keeps, so that its memory and its JSON stay bounded however long it runs and however many nodes
 * and jobs pass (docs/operations.md#watching-it).
 *
 * @param points        the recent points kept per node and series (owners' use, running attempts)
 * @param forecastSteps the steps of a node's latest forecast kept
 * @param recent        the recent placements, QoS actions and dead letters kept, each
 * @param jobs          the jobs followed (the oldest submitted is forgotten first); the queues count these
 * @param jobsShown     the most recently submitted jobs listed
 * @param nodes         the nodes shown; a node beyond them is counted, not shown
 */
public record ViewLimits(int points, int forecastSteps, int recent, int jobs, int jobsShown, int nodes) {

    /** The limits {@code --http-port} serves with. */
    public static final ViewLimits DEFAULT = new ViewLimits(60, 40, 20, 5_000, 50, 2_000);

    public ViewLimits {
        if (points < 1 || forecastSteps < 1 || recent < 1 || jobs < 1 || jobsShown < 1 || nodes < 1) {
            throw new IllegalArgumentException("every limit must be >= 1: " + points + ", " + forecastSteps + ", "
                    + recent + ", " + jobs + ", " + jobsShown + ", " + nodes);
        }
    }
}
