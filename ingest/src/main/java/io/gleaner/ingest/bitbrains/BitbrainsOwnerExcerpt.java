package io.gleaner.ingest.bitbrains;

import io.gleaner.ingest.trace.TraceInput;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The bundled owner-load excerpt: the first seven days (from 1375308176 = 2013-07-31T22:02:56Z) of every VM of
 * the Bitbrains GWA-T-12 Rnd 2013-8 trace that has rows in them, 99 VMs, about 3.1 MB of gzip, on the class path
 * under {@value #FOLDER}. It is what the simulator's owners read on a fresh machine; how it was cut, its licence
 * and its citation are in the folder's {@code ATTRIBUTION.md}.
 *
 * <p>A class path folder cannot be listed from inside a jar, so the folder carries {@value #INDEX}, the VM ids one
 * a line; {@link #locations()} turns it into locations that {@link BitbrainsRowReader#open(String)} and
 * {@link BitbrainsTraceReader#open(String, String)} read.
 */
public final class BitbrainsOwnerExcerpt {

    /** Class path folder of the excerpt. */
    public static final String FOLDER = "traces/bitbrains-owners/";

    /** The folder as a location, {@code classpath:traces/bitbrains-owners/}. */
    public static final String LOCATION = TraceInput.CLASSPATH_PREFIX + FOLDER;

    /** Name of the index file in the folder: the VM ids, one a line, in numeric order. */
    public static final String INDEX = "vms.txt";

    private BitbrainsOwnerExcerpt() {
    }

    /** The excerpt's VM ids, as its index lists them. */
    public static List<String> vms() throws IOException {
        var vms = new ArrayList<String>();
        try (var input = TraceInput.resource(FOLDER + INDEX);
             var lines = new BufferedReader(new InputStreamReader(input.stream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                if (!line.isBlank()) {
                    vms.add(line.strip());
                }
            }
        }
        return List.copyOf(vms);
    }

    /** The location of each VM's file, {@code classpath:traces/bitbrains-owners/<vm>.csv.gz}, in index order. */
    public static List<String> locations() throws IOException {
        return vms().stream().map(vm -> LOCATION + vm + ".csv.gz").toList();
    }
}
