package io.gleaner.deploy.fuzz;

import io.gleaner.schemas.avro.DeadLetter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What was sent and what the stages dead-lettered, matched by source topic, partition and offset; the account the
 * fuzz test asserts on and prints.
 */
public final class DeadLetterLedger {

    /** Where a record landed. */
    private record Position(String topic, int partition, long offset) {
        @Override
        public String toString() {
            return topic + "-" + partition + "@" + offset;
        }
    }

    /** A record the broker took. */
    private record Sent(Position position, HostileKind kind, Expectation expectation, int size, Set<String> readers) {
    }

    /** A dead letter of one stage. */
    private record Letter(String stage, String reason) {
    }

    private final Map<Position, Sent> sent = new LinkedHashMap<>();
    private final Map<HostileKind, Integer> refusedByKind = new TreeMap<>();
    private final Map<String, Integer> refusedByError = new TreeMap<>();
    private final Map<Position, List<Letter>> letters = new HashMap<>();
    private final Map<String, Integer> unmatchedByStage = new TreeMap<>();
    private final List<String> lastLetters = new ArrayList<>();

    /** The broker took {@code record} at {@code partition} and {@code offset}. */
    public void sent(HostileRecord record, int partition, long offset) {
        var position = new Position(record.input().topic(), partition, offset);
        sent.put(position, new Sent(position, record.kind(), record.expectation(), record.size(),
                record.input().readers()));
    }

    /** The broker (or the producer) refused {@code record}: it never reached a stage. */
    public void refused(HostileRecord record, Throwable error) {
        refusedByKind.merge(record.kind(), 1, Integer::sum);
        refusedByError.merge(record.kind() + ": " + error.getClass().getSimpleName(), 1, Integer::sum);
    }

    /** A dead letter read from the dead-letter topic. */
    public void deadLetter(DeadLetter letter) {
        var position = new Position(letter.getSourceTopic(), letter.getPartition(), letter.getOffset());
        var reason = letter.getReason();
        if (sent.containsKey(position)) {
            letters.computeIfAbsent(position, p -> new ArrayList<>()).add(new Letter(letter.getStage(), reason));
        } else {
            unmatchedByStage.merge(letter.getStage(), 1, Integer::sum);
        }
        lastLetters.add(letter.getStage() + " " + position + ": " + shorten(reason, 160));
        if (lastLetters.size() > 10) {
            lastLetters.remove(0);
        }
    }

    /** How many records the broker took. */
    public int sentCount() {
        return sent.size();
    }

    /** How many records the broker refused. */
    public int refusedCount() {
        return refusedByKind.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The last ten dead letters read, newest last. */
    public List<String> lastLetters() {
        return List.copyOf(lastLetters);
    }

    /** The sentinels some reader has not dead-lettered yet, as {@code topic-partition@offset by stage}. */
    public List<String> sentinelsOutstanding() {
        var outstanding = new ArrayList<String>();
        for (var record : sent.values()) {
            if (record.kind() == HostileKind.SENTINEL) {
                var missing = new TreeSet<>(record.readers());
                missing.removeAll(stages(record.position()));
                missing.forEach(stage -> outstanding.add(record.position() + " by " + stage));
            }
        }
        return outstanding;
    }

    /**
     * The records not accounted for: an undecodable one that some reader did not dead-letter, an invalid one that no
     * reader dead-lettered, and any dead letter with a blank reason. A reader that stopped is named as such.
     */
    public List<String> unaccounted(Set<String> stoppedStages) {
        var problems = new ArrayList<String>();
        for (var record : sent.values()) {
            var by = stages(record.position());
            var missing = new TreeSet<>(record.readers());
            missing.removeAll(by);
            var stopped = missing.stream().filter(stoppedStages::contains).collect(Collectors.toCollection(TreeSet::new));
            var note = stopped.isEmpty() ? "" : " (stopped: " + stopped + ")";
            switch (record.expectation().outcome()) {
                case UNDECODABLE -> {
                    if (!missing.isEmpty()) {
                        problems.add(record.kind() + " " + record.position() + " (" + record.size() + " B) not "
                                + "dead-lettered by " + missing + note + ": " + shorten(record.expectation().why(), 160));
                    }
                }
                case INVALID -> {
                    if (by.isEmpty()) {
                        problems.add(record.kind() + " " + record.position() + " (" + record.size() + " B) accepted by"
                                + " every reader " + record.readers() + note + ": " + shorten(record.expectation().why(), 160));
                    }
                }
                case VALID -> {
                }
            }
            for (var letter : letters.getOrDefault(record.position(), List.of())) {
                if (letter.reason() == null || letter.reason().isBlank()) {
                    problems.add(record.kind() + " " + record.position() + " dead-lettered by " + letter.stage()
                            + " with a blank reason");
                }
            }
        }
        return problems;
    }

    /** The account: per kind sent, refused, dead-lettered and accepted; dead letters by stage and reason class. */
    public String summary() {
        var out = new StringBuilder();
        out.append(String.format("%-28s %6s %7s %6s %8s %9s%n", "kind", "sent", "refused", "dead", "accepted",
                "outcome"));
        var kinds = new TreeSet<HostileKind>();
        sent.values().forEach(record -> kinds.add(record.kind()));
        kinds.addAll(refusedByKind.keySet());
        for (var kind : kinds) {
            var ofKind = sent.values().stream().filter(record -> record.kind() == kind).toList();
            long dead = ofKind.stream().filter(record -> !stages(record.position()).isEmpty()).count();
            var outcomes = ofKind.stream().collect(Collectors.groupingBy(record -> record.expectation().outcome(),
                    TreeMap::new, Collectors.counting()));
            out.append(String.format("%-28s %6d %7d %6d %8d  %s%n", kind, ofKind.size(),
                    refusedByKind.getOrDefault(kind, 0), dead, ofKind.size() - dead, outcomes));
        }
        out.append(String.format("%-28s %6d %7d%n", "total", sent.size(), refusedCount()));
        if (!refusedByError.isEmpty()) {
            out.append("refused by the broker: ").append(refusedByError).append('\n');
        }
        out.append("dead letters of sent records, by stage and reason class:\n");
        var classes = new TreeMap<String, Map<String, Long>>();
        letters.values().stream().flatMap(List::stream).forEach(letter -> classes
                .computeIfAbsent(letter.stage(), stage -> new TreeMap<>())
                .merge(reasonClass(letter.reason()), 1L, Long::sum));
        classes.forEach((stage, byClass) -> {
            out.append("  ").append(stage).append(": ")
                    .append(byClass.values().stream().mapToLong(Long::longValue).sum()).append('\n');
            byClass.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry::getKey))
                    .forEach(entry -> out.append(String.format("    %6d  %s%n", entry.getValue(), entry.getKey())));
        });
        if (!unmatchedByStage.isEmpty()) {
            out.append("dead letters of records the fuzzer did not send (the stages' own outputs): ")
                    .append(unmatchedByStage).append('\n');
        }
        return out.toString();
    }

    private Set<String> stages(Position position) {
        return letters.getOrDefault(position, List.of()).stream().map(Letter::stage)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * A reason with its particulars taken out, so that reasons group: package names, quoted text, times, numbers and the
     * fuzzer's ids become placeholders, and it is cut at 110 characters.
     */
    static String reasonClass(String reason) {
        if (reason == null || reason.isBlank()) {
            return "(blank)";
        }
        var text = (reason.length() > 600 ? reason.substring(0, 600) : reason)
                .replaceAll("\\b(?:[a-z][a-z0-9_]*\\.)+([A-Z]\\w*)", "$1")
                .replaceAll("'[^']*'", "'…'")
                .replaceAll("\"[^\"]*\"", "\"…\"")
                .replaceAll("\\(([a-z]{8})\\.\\.\\.([a-z]{8})\\)", "(…)")
                .replaceAll("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z", "<time>")
                .replaceAll("fz-[a-z]+(-[a-z]+)*-?\\d*", "<id>")
                .replaceAll("-?\\d+(\\.\\d+)?(E-?\\d+)?", "N");
        return text.length() <= 110 ? text : text.substring(0, 110) + "…";
    }

    private static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "…(" + text.length() + " chars)";
    }
}
