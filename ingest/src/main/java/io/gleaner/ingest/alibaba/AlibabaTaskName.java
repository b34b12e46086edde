package io.gleaner.ingest.alibaba;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What the {@code task_name} of an Alibaba cluster-trace-v2018 batch task says about its place in its job's DAG
 * ({@code trace_2018.md} §2.3): {@code M1} is task 1 with no upstream task, {@code R4_2} is task 4 that waits
 * for task 2, {@code M5_3_4} is task 5 that waits for tasks 3 and 4. Only the numbers carry the DAG; the
 * letters ({@code M}, {@code R}, {@code J}, ...) name the kind of task. Names that do not follow this pattern,
 * such as {@code task_Nzg3ODAwNDgzMTAwNTc2NTQ2Mw==}, are independent tasks.
 *
 * @param name the task name as written
 * @param letters the leading letters of a DAG name, e.g. {@code "M"}; empty for an independent task
 * @param number the task's number within its job; empty for an independent task
 * @param dependencies the numbers of the tasks it waits for, in name order; empty when it waits for none
 */
public record AlibabaTaskName(String name, String letters, Optional<Integer> number, List<Integer> dependencies) {

    /** Letters, then the task number, then {@code _n} per upstream task. */
    private static final Pattern DAG = Pattern.compile("([A-Za-z]+)([0-9]{1,9})((?:_[0-9]{1,9})*)");

    public AlibabaTaskName {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(letters, "letters");
        Objects.requireNonNull(number, "number");
        dependencies = List.copyOf(dependencies);
    }

    /** Reads a task name; never fails: a name that is not a DAG name is an independent task. */
    public static AlibabaTaskName parse(String name) {
        Objects.requireNonNull(name, "name");
        var matcher = DAG.matcher(name);
        if (!matcher.matches()) {
            return new AlibabaTaskName(name, "", Optional.empty(), List.of());
        }
        var dependencies = new ArrayList<Integer>();
        var tail = matcher.group(3);
        if (!tail.isEmpty()) {
            for (var part : tail.substring(1).split("_")) {
                dependencies.add(Integer.parseInt(part));
            }
        }
        return new AlibabaTaskName(name, matcher.group(1), Optional.of(Integer.parseInt(matcher.group(2))),
                dependencies);
    }

    /** Whether the name follows the DAG pattern. */
    public boolean inDag() {
        return number.isPresent();
    }

    /** The first letter of a DAG name, upper-cased ({@code 'M'}, {@code 'R'}, ...); empty for an independent task. */
    public Optional<Character> kindLetter() {
        return letters.isEmpty() ? Optional.empty() : Optional.of(Character.toUpperCase(letters.charAt(0)));
    }
}
