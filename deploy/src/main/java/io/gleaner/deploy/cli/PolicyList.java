package io.gleaner.deploy.cli;

import io.gleaner.planner.core.PolicyName;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/** A {@code --policies} list, comma-separated, in the order given: each name known, none blank, none twice. */
final class PolicyList {

    private PolicyList() {
    }

    /** @throws ParameterException naming the option and the offending name */
    static List<PolicyName> parse(String text, CommandLine commandLine) {
        var names = new LinkedHashSet<PolicyName>();
        for (var part : text.split(",", -1)) {
            if (part.isBlank()) {
                throw new ParameterException(commandLine, "--policies has an empty name in '" + text + "'");
            }
            PolicyName name;
            try {
                name = PolicyName.parse(part);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(commandLine, "--policies: " + e.getMessage());
            }
            if (!names.add(name)) {
                throw new ParameterException(commandLine, "--policies lists " + name.configValue() + " twice");
            }
        }
        return List.copyOf(names);
    }
}
