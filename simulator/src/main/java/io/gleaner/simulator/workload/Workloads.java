package io.gleaner.simulator.workload;

import com.fasterxml.jackson.databind.DatabindException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Loads workloads: YAML files of users, shipped under {@code workloads/} on the class path ({@link #names()}) or
 * given as a path.
 *
 * <p>The format: {@code name} (optional, the source by default) and {@code users}, a list of
 * {@code {user, minShare, weight, category: {name, input, shuffle, output}}}, all required. A byte count is a whole
 * number of bytes ({@code 0}, {@code 21000}) or a number with a decimal unit, as COSHH Table 4 writes them:
 * {@code 21 KB}, {@code 1.9GB}, {@code 7.6 TB} (B, KB, MB, GB, TB, PB are powers of 1000; the space is optional).
 * Unknown keys are errors, so a typo does not silently fall back to a default.
 */
public final class Workloads {

    /** The users of COSHH's Facebook experiments (Table 5) with the Facebook categories of Table 4. */
    public static final String COSHH_FACEBOOK = "coshh-facebook";

    private static final List<String> SHIPPED = List.of(COSHH_FACEBOOK);
    private static final List<String> UNITS = List.of("B", "KB", "MB", "GB", "TB", "PB");
    private static final Pattern BYTE_COUNT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([A-Za-z]*)");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private Workloads() {
    }

    /** The workloads shipped under {@code workloads/}, for {@code --help} and error messages. */
    public static List<String> names() {
        return SHIPPED;
    }

    /** The workload {@code workloads/<name>.yaml} from the class path. */
    public static Workload preset(String name) {
        Objects.requireNonNull(name, "name");
        var resource = "workloads/" + name + ".yaml";
        var in = Workloads.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IllegalArgumentException("unknown workload '" + name + "'; expected one of "
                    + String.join(", ", SHIPPED) + " or a path to a YAML file");
        }
        try (var reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return parse(reader, resource);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The workload in a YAML file. */
    public static Workload load(Path file) {
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return parse(reader, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read workload " + file, e);
        }
    }

    /** A workload name when the class path has one by that name, else a path to a YAML file. */
    public static Workload resolve(String presetOrPath) {
        Objects.requireNonNull(presetOrPath, "presetOrPath");
        if (Workloads.class.getClassLoader().getResource("workloads/" + presetOrPath + ".yaml") != null) {
            return preset(presetOrPath);
        }
        var path = Path.of(presetOrPath);
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException("'" + presetOrPath + "' is neither a workload ("
                    + String.join(", ", SHIPPED) + ") nor a YAML file");
        }
        return load(path);
    }

    /**
     * Parses a workload.
     *
     * @param source where the text came from, for error messages
     */
    public static Workload parse(Reader yaml, String source) {
        WorkloadFile file;
        try {
            file = YAML.readValue(yaml, WorkloadFile.class);
        } catch (DatabindException e) {
            throw new IllegalArgumentException("bad workload " + source + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read workload " + source, e);
        }
        if (file == null || file.users() == null || file.users().isEmpty()) {
            throw new IllegalArgumentException("bad workload " + source + ": no users");
        }
        try {
            var users = new ArrayList<WorkloadUser>();
            for (var entry : file.users()) {
                users.add(entry.toUser());
            }
            return new Workload(file.name() == null ? source : file.name(), users);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad workload " + source + ": " + e.getMessage(), e);
        }
    }

    /**
     * A byte count: whole bytes, or a decimal number and a unit of {@link #UNITS} (powers of 1000), e.g.
     * {@code 1.9GB} = 1,900,000,000; the result must be a whole number of bytes.
     */
    static long bytes(String text, String what) {
        if (text == null) {
            throw new IllegalArgumentException(what + " is missing");
        }
        var matcher = BYTE_COUNT.matcher(text.strip());
        if (!matcher.matches()) {
            throw new IllegalArgumentException(what + " must be a byte count such as 0, 21 KB or 1.9GB, was '"
                    + text + "'");
        }
        var unit = matcher.group(2).isEmpty() ? "B" : matcher.group(2).toUpperCase(Locale.ROOT);
        int power = UNITS.indexOf(unit);
        if (power < 0) {
            throw new IllegalArgumentException(what + " has unknown unit '" + matcher.group(2) + "' in '" + text
                    + "'; expected one of " + String.join(", ", UNITS));
        }
        var value = new BigDecimal(matcher.group(1)).scaleByPowerOfTen(3 * power);
        try {
            return value.longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(what + " must be a whole number of bytes below 2^63, was '" + text
                    + "'", e);
        }
    }

    private record WorkloadFile(String name, List<UserEntry> users) {
    }

    private record UserEntry(String user, Integer minShare, Double weight, CategoryEntry category) {

        WorkloadUser toUser() {
            if (user == null || minShare == null || weight == null || category == null) {
                throw new IllegalArgumentException("user " + user + " needs user, minShare, weight and category");
            }
            return new WorkloadUser(user, minShare, weight, category.toCategory(user));
        }
    }

    private record CategoryEntry(String name, String input, String shuffle, String output) {

        JobCategory toCategory(String user) {
            if (name == null) {
                throw new IllegalArgumentException("the category of user " + user + " needs a name");
            }
            var of = " of category " + name + " (user " + user + ")";
            return new JobCategory(name, bytes(input, "input" + of), bytes(shuffle, "shuffle" + of),
                    bytes(output, "output" + of));
        }
    }
}
