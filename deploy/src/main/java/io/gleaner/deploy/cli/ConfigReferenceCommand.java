package io.gleaner.deploy.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code gleaner config-reference}: prints docs/configuration.md as the settings' declarations make it. */
@Command(name = "config-reference", mixinStandardHelpOptions = true,
        description = {"Print the configuration reference (docs/configuration.md) generated from the stages' declared "
                + "settings: every key, its gleaner run option, type, default, valid values and meaning.",
                "Regenerate the page with: " + ConfigurationReference.REGENERATE})
final class ConfigReferenceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        out.print(ConfigurationReference.page());
        out.flush();
        return 0;
    }
}
