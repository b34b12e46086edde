package io.gleaner.deploy.cli;

import picocli.CommandLine;

/** The version from the jar's manifest, or "development" when run from classes. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        var version = GleanerCommand.class.getPackage().getImplementationVersion();
        return new String[] {"gleaner " + (version == null ? "development" : version)};
    }
}
