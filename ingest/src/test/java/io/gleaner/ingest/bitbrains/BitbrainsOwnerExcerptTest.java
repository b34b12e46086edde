package io.gleaner.ingest.bitbrains;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

class BitbrainsOwnerExcerptTest {

    /** The window the excerpt's ATTRIBUTION.md states: 7 days from the trace's first timestamp. */
    private static final long START = 1375308176L;
    private static final long END = START + 7 * 86_400L;

    private static List<String> lines(InputStream gzip) throws IOException {
        var lines = new ArrayList<String>();
        try (var reader = new BufferedReader(new InputStreamReader(new GZIPInputStream(gzip), UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.add(line);
            }
        }
        return lines;
    }

    private static List<String> bundledLines(String vm) throws IOException {
        var resource = BitbrainsOwnerExcerpt.FOLDER + vm + ".csv.gz";
        try (var in = BitbrainsOwnerExcerptTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return lines(in);
        }
    }

    @Test
    void shouldIndexEveryBundledVmFileInNumericOrder() throws IOException {
        var vms = BitbrainsOwnerExcerpt.vms();

        assertThat(vms).hasSize(99).doesNotHaveDuplicates().contains("126", "195", "392").doesNotContain("446");
        assertThat(vms).isSortedAccordingTo((a, b) -> Long.compare(Long.parseLong(a), Long.parseLong(b)));
        assertThat(BitbrainsOwnerExcerpt.locations()).first()
                .isEqualTo("classpath:traces/bitbrains-owners/" + vms.get(0) + ".csv.gz");
        for (var vm : vms) {
            assertThat(BitbrainsOwnerExcerptTest.class.getClassLoader()
                    .getResource(BitbrainsOwnerExcerpt.FOLDER + vm + ".csv.gz")).as(vm).isNotNull();
        }
    }

    @Test
    void shouldHoldTheHeaderAndOnlyRowsOfTheFirstSevenDays() throws IOException {
        long rows = 0;
        for (var vm : BitbrainsOwnerExcerpt.vms()) {
            var lines = bundledLines(vm);
            assertThat(lines.get(0)).startsWith("Timestamp [ms];");
            for (var line : lines.subList(1, lines.size())) {
                long seconds = Long.parseLong(line.substring(0, line.indexOf(';')));
                assertThat(seconds).as("VM %s", vm).isBetween(START, END - 1);
                rows++;
            }
        }
        // 99 VMs of about 2,016 rows each (7 days of 300 s).
        assertThat(rows).isBetween(99 * 2000L, 99 * 2030L);
    }

    @Test
    void shouldShipTheLicenceAndAttributionAndStayUnderFiveMegabytes() throws IOException {
        var loader = BitbrainsOwnerExcerptTest.class.getClassLoader();
        assertThat(loader.getResource(BitbrainsOwnerExcerpt.FOLDER + "LICENSE-repo-BSD-2")).isNotNull();
        try (var in = loader.getResourceAsStream(BitbrainsOwnerExcerpt.FOLDER + "ATTRIBUTION.md")) {
            assertThat(in).isNotNull();
            var text = new String(in.readAllBytes(), UTF_8);
            assertThat(text).contains("Shen", "CCGrid 2015", "LICENSE-repo-BSD-2", "make_excerpt.sh");
        }
        long bytes = 0;
        for (var vm : BitbrainsOwnerExcerpt.vms()) {
            try (var in = loader.getResourceAsStream(BitbrainsOwnerExcerpt.FOLDER + vm + ".csv.gz")) {
                bytes += in.readAllBytes().length;
            }
        }
        assertThat(bytes).isLessThan(5L * 1024 * 1024);
    }

    /** The excerpt is the source's header and rows before the cut, line for line, for every VM that has such rows. */
    @Test
    void shouldBeTheFirstSevenDaysOfTheRealTraceLineForLine() throws IOException {
        var source = BitbrainsFixtures.RND_2013_8;
        assumeTrue(Files.isDirectory(source), "the Bitbrains Rnd trace is not on this machine");
        var withRows = new TreeSet<String>();
        try (var files = Files.list(source)) {
            for (var file : files.filter(f -> f.getFileName().toString().endsWith(".csv.gz")).toList()) {
                var vm = BitbrainsTraceReader.nodeId(file.getFileName().toString(), "");
                List<String> all;
                try (var in = Files.newInputStream(file)) {
                    all = lines(in);
                }
                var expected = new ArrayList<String>();
                expected.add(all.get(0));
                for (var line : all.subList(1, all.size())) {
                    if (Long.parseLong(line.substring(0, line.indexOf(';'))) < END) {
                        expected.add(line);
                    }
                }
                if (expected.size() > 1) {
                    withRows.add(vm);
                    assertThat(bundledLines(vm)).as("VM %s", vm).isEqualTo(expected);
                }
            }
        }
        assertThat(new TreeSet<>(BitbrainsOwnerExcerpt.vms())).isEqualTo(withRows);
        try (var licence = BitbrainsOwnerExcerptTest.class.getClassLoader()
                .getResourceAsStream(BitbrainsOwnerExcerpt.FOLDER + "LICENSE-repo-BSD-2")) {
            assertThat(licence.readAllBytes())
                    .isEqualTo(Files.readAllBytes(source.resolveSibling("LICENSE-repo-BSD-2")));
        }
    }
}
