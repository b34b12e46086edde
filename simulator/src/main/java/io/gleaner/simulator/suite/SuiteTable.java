package io.gleaner.simulator.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The suite's result: for each cluster, workload and load, each policy's mean job completion time as a ratio to the
 * baseline's on the same seed, as the mean over the seeds with its spread (min-max); and per part of the suite, each
 * policy's geometric mean of those ratios and its worst one. The geometric mean, because the ratios multiply: 0.5x
 * on one workload and 2x on another is no gain. When the jobs have deadlines, each line also holds how every policy
 * met them (not as ratios: a share of goals met is already comparable, and a tardiness of 0 has no ratio).
 */
public final class SuiteTable {

    /** A ratio over the seeds: mean, min, max; {@code complete} false when a run of it left jobs unfinished. */
    public record Ratio(double mean, double min, double max, boolean complete) {
    }

    /**
     * One line of the table.
     *
     * @param goals each policy's (the baseline's too) goals met and p95 tardiness, the mean over the seeds; empty
     *     when no job of the line had a deadline
     */
    public record Row(String cluster, SuiteWorkload workload, double load, int jobs, double baselineMeanS,
                      Map<String, Ratio> ratios, Map<String, SuiteRun.Goals> goals) {
    }

    /** One policy over one part: the geometric mean of its rows' mean ratios, the worst, and rows above 1. */
    public record Summary(SuiteWorkload.Part part, String policy, double geometricMean, double worst, int rowsAbove,
                          int rows) {
    }

    private final String baseline;
    private final List<String> policies;
    private final List<Row> rows;

    private SuiteTable(String baseline, List<String> policies, List<Row> rows) {
        this.baseline = baseline;
        this.policies = policies;
        this.rows = rows;
    }

    /** The table of {@code runs}, ratios to {@code baseline}, rows and policies in the order the runs came. */
    public static SuiteTable of(List<SuiteRun> runs, String baseline) {
        Objects.requireNonNull(baseline, "baseline");
        var policies = new LinkedHashSet<String>();
        var cells = new LinkedHashMap<List<Object>, List<SuiteRun>>();
        for (var run : runs) {
            policies.add(run.policy());
            cells.computeIfAbsent(List.of(run.cluster(), run.workload(), run.load()), k -> new ArrayList<>()).add(run);
        }
        if (!policies.contains(baseline)) {
            throw new IllegalArgumentException("no run of the baseline " + baseline);
        }
        var others = policies.stream().filter(p -> !p.equals(baseline)).toList();
        var rows = new ArrayList<Row>();
        for (var cell : cells.values()) {
            var base = new LinkedHashMap<Long, SuiteRun>();
            cell.stream().filter(r -> r.policy().equals(baseline)).forEach(r -> base.put(r.seed(), r));
            var ratios = new LinkedHashMap<String, Ratio>();
            for (var policy : others) {
                ratios.put(policy, ratio(cell.stream().filter(r -> r.policy().equals(policy)).toList(), base));
            }
            var goals = new LinkedHashMap<String, SuiteRun.Goals>();
            for (var policy : policies) {
                goals(cell.stream().filter(r -> r.policy().equals(policy)).toList())
                        .ifPresent(g -> goals.put(policy, g));
            }
            var first = cell.get(0);
            double baseMean = base.values().stream().mapToDouble(SuiteRun::meanCompletionS).average().orElse(Double.NaN);
            rows.add(new Row(first.cluster(), first.workload(), first.load(), first.jobsSubmitted(), baseMean,
                    ratios, goals));
        }
        return new SuiteTable(baseline, others, List.copyOf(rows));
    }

    private static Ratio ratio(List<SuiteRun> runs, Map<Long, SuiteRun> base) {
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        boolean complete = true;
        for (var run : runs) {
            var against = base.get(run.seed());
            if (against == null) {
                throw new IllegalArgumentException("no baseline run of seed " + run.seed() + " beside " + run);
            }
            double ratio = run.meanCompletionS() / against.meanCompletionS();
            sum += ratio;
            min = Math.min(min, ratio);
            max = Math.max(max, ratio);
            complete &= run.complete() && against.complete();
        }
        return new Ratio(sum / runs.size(), min, max, complete);
    }

    /** The mean over the runs with goals of their goals met and p95 tardiness; empty when none had goals. */
    private static Optional<SuiteRun.Goals> goals(List<SuiteRun> runs) {
        var withGoals = runs.stream().flatMap(r -> r.goals().stream()).toList();
        if (withGoals.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new SuiteRun.Goals(
                withGoals.stream().mapToDouble(SuiteRun.Goals::metPct).average().orElseThrow(),
                withGoals.stream().mapToDouble(SuiteRun.Goals::tardinessP95S).average().orElseThrow()));
    }

    /** The policy ratios are taken to. */
    public String baseline() {
        return baseline;
    }

    /** The policies with a ratio, in order: every policy but the baseline. */
    public List<String> policies() {
        return policies;
    }

    /** The table's lines. */
    public List<Row> rows() {
        return rows;
    }

    /** Each policy's summary over the rows of {@code part}; empty when the table has none. */
    public List<Summary> summaries(SuiteWorkload.Part part) {
        var inPart = rows.stream().filter(r -> r.workload().part() == part).toList();
        if (inPart.isEmpty()) {
            return List.of();
        }
        return policies.stream().map(policy -> {
            double logs = 0;
            double worst = Double.NEGATIVE_INFINITY;
            int above = 0;
            for (var row : inPart) {
                double mean = row.ratios().get(policy).mean();
                logs += Math.log(mean);
                worst = Math.max(worst, mean);
                above += mean > 1 ? 1 : 0;
            }
            return new Summary(part, policy, Math.exp(logs / inPart.size()), worst, above, inPart.size());
        }).toList();
    }

    /** The table and the summaries as markdown. */
    public String markdown() {
        var out = new StringBuilder();
        out.append("| part | cluster | workload | load | jobs | ").append(baseline).append(" mean (s) |");
        policies.forEach(p -> out.append(' ').append(p).append(" / ").append(baseline).append(" |"));
        out.append('\n').append("|---|---|---|---|---|---|").append("---|".repeat(policies.size())).append('\n');
        for (var row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | x%s | %d | %.1f |",
                    row.workload().part().configValue(), row.cluster(), row.workload().name(), load(row.load()),
                    row.jobs(), row.baselineMeanS()));
            for (var policy : policies) {
                var r = row.ratios().get(policy);
                out.append(String.format(Locale.ROOT, " %.2f (%.2f-%.2f)%s |", r.mean(), r.min(), r.max(),
                        r.complete() ? "" : " *"));
            }
            out.append('\n');
        }
        out.append('\n').append("| part | policy | geometric mean of ratios | worst | rows above 1.0 |\n")
                .append("|---|---|---|---|---|\n");
        for (var part : SuiteWorkload.Part.values()) {
            for (var s : summaries(part)) {
                out.append(String.format(Locale.ROOT, "| %s | %s / %s | %.2f | %.2f | %d of %d |%n",
                        part.configValue(), s.policy(), baseline, s.geometricMean(), s.worst(), s.rowsAbove(),
                        s.rows()));
            }
        }
        return out.toString();
    }

    /**
     * The goals of every policy, the baseline first, as markdown: per line, each policy's goals met (%) and p95
     * tardiness (s); empty when no line had jobs with deadlines.
     */
    public Optional<String> goalsMarkdown() {
        if (rows.stream().allMatch(r -> r.goals().isEmpty())) {
            return Optional.empty();
        }
        var all = new ArrayList<String>();
        all.add(baseline);
        all.addAll(policies);
        var out = new StringBuilder("| part | cluster | workload | load | jobs |");
        all.forEach(p -> out.append(' ').append(p).append(" goals met (%) | ").append(p)
                .append(" tardiness p95 (s) |"));
        out.append('\n').append("|---|---|---|---|---|").append("---|---|".repeat(all.size())).append('\n');
        for (var row : rows) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | x%s | %d |", row.workload().part().configValue(),
                    row.cluster(), row.workload().name(), load(row.load()), row.jobs()));
            for (var policy : all) {
                var goals = row.goals().get(policy);
                out.append(goals == null ? " - | - |" : String.format(Locale.ROOT, " %.1f | %.1f |", goals.metPct(),
                        goals.tardinessP95S()));
            }
            out.append('\n');
        }
        return Optional.of(out.toString());
    }

    /** A load factor as given: 0.5, 1, 2. */
    static String load(double load) {
        return load == Math.rint(load) ? Long.toString((long) load) : Double.toString(load);
    }
}
