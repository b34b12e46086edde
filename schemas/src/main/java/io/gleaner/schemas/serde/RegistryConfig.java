package io.gleaner.schemas.serde;

import io.gleaner.schemas.SettingValues;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * How to reach a schema registry and how the serde uses it, from the configuration keys a Confluent user knows.
 *
 * @param urls                base URLs of the registry ({@value #SCHEMA_REGISTRY_URL}, comma-separated); tried in
 *                            order until one answers
 * @param autoRegisterSchemas {@value #AUTO_REGISTER_SCHEMAS}: whether the serializer registers the record's
 *                            schema (default) or only looks it up
 * @param basicAuthUserInfo   {@value #BASIC_AUTH_USER_INFO}, {@code user:password} for HTTP basic auth, or
 *                            {@code null} for none
 * @param specificAvroReader  {@value #SPECIFIC_AVRO_READER}: whether a deserializer built from configuration
 *                            returns the generated class named by the writer's schema (true) or a
 *                            {@code GenericRecord} (false, the default, as in Confluent's)
 * @param retries             how often, after what waits and until when, a request that met no answer or a 5xx or
 *                            429 answer is sent again ({@value #MAX_RETRIES}, {@value #RETRIES_WAIT_MS}, {@value
 *                            #RETRIES_MAX_WAIT_MS}, {@value #DEADLINE_MS})
 */
public record RegistryConfig(List<URI> urls, boolean autoRegisterSchemas, String basicAuthUserInfo,
                             boolean specificAvroReader, Retries retries) {

    /** Base URL(s) of the registry, comma-separated. Required. */
    public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
    /** The registry a stage talks to when its settings name none: Confluent's default port on this host. */
    public static final String DEFAULT_URL = "http://localhost:8081";
    /** Whether the serializer registers schemas ({@code true}, the default) or only looks them up. */
    public static final String AUTO_REGISTER_SCHEMAS = "auto.register.schemas";
    /** {@code user:password} for HTTP basic auth. */
    public static final String BASIC_AUTH_USER_INFO = "basic.auth.user.info";
    /** Where basic-auth credentials come from; only {@code USER_INFO} is supported (the default with user info). */
    public static final String BASIC_AUTH_CREDENTIALS_SOURCE = "basic.auth.credentials.source";
    /** Whether the deserializer returns generated classes ({@code true}) or generic records (the default). */
    public static final String SPECIFIC_AVRO_READER = "specific.avro.reader";
    /** How many times a request is sent again after no answer or a 5xx or 429 answer (Confluent's key). */
    public static final String MAX_RETRIES = "max.retries";
    /** The wait before the first retry, in milliseconds; it doubles before each next one (Confluent's key). */
    public static final String RETRIES_WAIT_MS = "retries.wait.ms";
    /** The longest wait before a retry, in milliseconds (Confluent's key). */
    public static final String RETRIES_MAX_WAIT_MS = "retries.max.wait.ms";
    /**
     * The longest one registry call may take, in milliseconds, its attempts and the waits between them included
     * (Gleaner's key: Confluent's client has no such bound).
     */
    public static final String DEADLINE_MS = "gleaner.registry.deadline-ms";
    /**
     * Default of {@value #MAX_RETRIES}. With the default waits, 5 retries follow waits of 0.2, 0.4, 0.8, 1.6 and 3.2 s:
     * a registry back within about 6 s (a restart, a failover behind a load balancer) costs a stage only warnings,
     * and one that stays away still stops it soon (Confluent's client defaults to 3 retries, 1 s doubling to at most
     * 2 s).
     */
    public static final int DEFAULT_MAX_RETRIES = 5;
    /** Default of {@value #RETRIES_WAIT_MS}. */
    public static final long DEFAULT_RETRIES_WAIT_MS = 200;
    /** Default of {@value #RETRIES_MAX_WAIT_MS}. */
    public static final long DEFAULT_RETRIES_MAX_WAIT_MS = 5_000;
    /**
     * Default of {@value #DEADLINE_MS}: 60 s. A stream thread blocked on the registry does not poll, and one that does
     * not poll within the consumer's {@code max.poll.interval.ms} (300 s, which the stages keep) leaves its group, and
     * its tasks move while it still works on them. Without a deadline, a registry that takes every request and never
     * answers would hold a thread for each attempt's 30 s timeout on every URL: 6 attempts on two URLs, 366 s with the
     * waits. 60 s, within which each attempt is bounded from connecting to the last byte of its answer, stays well
     * inside the 300 s and inside the 5-minute transaction timeout, and still rides out a registry restart.
     */
    public static final long DEFAULT_DEADLINE_MS = 60_000;

    /** The one {@value #BASIC_AUTH_CREDENTIALS_SOURCE} supported, the default with user info. */
    public static final String USER_INFO_SOURCE = "USER_INFO";

    public RegistryConfig {
        Objects.requireNonNull(urls, "urls");
        urls = List.copyOf(urls);
        if (urls.isEmpty()) {
            throw new IllegalArgumentException(SCHEMA_REGISTRY_URL + " must name at least one URL");
        }
        for (var url : urls) {
            var scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
                throw new IllegalArgumentException(SCHEMA_REGISTRY_URL + " '" + url
                        + "' is not an http(s) URL such as http://localhost:8081");
            }
        }
        if (basicAuthUserInfo != null && !basicAuthUserInfo.contains(":")) {
            throw new IllegalArgumentException(
                    BASIC_AUTH_USER_INFO + " must be user:password, was a value without ':'");
        }
        Objects.requireNonNull(retries, "retries");
    }

    /**
     * When a request to the registry is sent again: after no answer (connection refused, timeout, I/O error) or an
     * answer that the registry cannot serve it now (5xx, 429), up to {@code maxRetries} times, waiting {@code
     * firstWait} before the first retry and twice as long before each next one, but never longer than {@code
     * maxWait}; and only while {@code deadline} has not passed since the call began. Each attempt waits for an answer
     * at most until the deadline.
     *
     * @param maxRetries {@value #MAX_RETRIES}: retries after the first attempt; 0 sends each request once
     * @param firstWait  {@value #RETRIES_WAIT_MS}: the wait before the first retry
     * @param maxWait    {@value #RETRIES_MAX_WAIT_MS}: the cap on every wait
     * @param deadline   {@value #DEADLINE_MS}: how long one call may take in all, attempts and waits included
     */
    public record Retries(int maxRetries, Duration firstWait, Duration maxWait, Duration deadline) {

        public Retries {
            Objects.requireNonNull(firstWait, "firstWait");
            Objects.requireNonNull(maxWait, "maxWait");
            Objects.requireNonNull(deadline, "deadline");
            if (maxRetries < 0) {
                throw new IllegalArgumentException(MAX_RETRIES + " must be >= 0, was " + maxRetries);
            }
            if (firstWait.isNegative()) {
                throw new IllegalArgumentException(RETRIES_WAIT_MS + " must be >= 0, was " + firstWait.toMillis());
            }
            if (maxWait.compareTo(firstWait) < 0) {
                throw new IllegalArgumentException(RETRIES_MAX_WAIT_MS + " must be >= " + RETRIES_WAIT_MS + " ("
                        + firstWait.toMillis() + "), was " + maxWait.toMillis());
            }
            if (deadline.toMillis() < 1) {
                throw new IllegalArgumentException(DEADLINE_MS + " must be >= 1, was " + deadline.toMillis());
            }
        }

        /** Retries with the default deadline, {@value #DEFAULT_DEADLINE_MS} ms. */
        public Retries(int maxRetries, Duration firstWait, Duration maxWait) {
            this(maxRetries, firstWait, maxWait, Duration.ofMillis(DEFAULT_DEADLINE_MS));
        }

        /** The wait before retry number {@code retry} (1 for the first): {@code firstWait * 2^(retry-1)}, capped. */
        public Duration delayBefore(int retry) {
            if (retry < 1) {
                throw new IllegalArgumentException("retry must be >= 1, was " + retry);
            }
            var delay = firstWait;
            // Doubling stops at the cap, so that no retry count overflows the Duration.
            for (int i = 1; i < retry && delay.compareTo(maxWait) < 0; i++) {
                delay = delay.multipliedBy(2);
            }
            return delay.compareTo(maxWait) > 0 ? maxWait : delay;
        }
    }

    /**
     * {@link #from}, with {@link #DEFAULT_URL} when {@code configs} names no registry: a stage's other registry
     * settings (retries, credentials) apply whether or not it names the URL.
     */
    public static RegistryConfig fromOrDefault(Map<String, ?> configs) {
        Objects.requireNonNull(configs, "configs");
        if (configs.containsKey(SCHEMA_REGISTRY_URL)) {
            return from(configs);
        }
        var withUrl = new HashMap<String, Object>(configs);
        withUrl.put(SCHEMA_REGISTRY_URL, DEFAULT_URL);
        return from(withUrl);
    }

    /** A configuration for {@code urls} (comma-separated) with every other setting at its default. */
    public static RegistryConfig of(String urls) {
        return from(Map.of(SCHEMA_REGISTRY_URL, urls));
    }

    /**
     * Reads the registry settings from Kafka-style {@code configs} (values are strings, or booleans and lists as
     * Kafka passes them); other keys are ignored.
     *
     * @throws IllegalArgumentException naming the key and the value when a setting is missing or wrong
     */
    public static RegistryConfig from(Map<String, ?> configs) {
        Objects.requireNonNull(configs, "configs");
        var rawUrls = configs.get(SCHEMA_REGISTRY_URL);
        if (rawUrls == null || rawUrls.toString().isBlank()) {
            throw new IllegalArgumentException("missing " + SCHEMA_REGISTRY_URL
                    + ": set it to the schema registry's base URL(s), e.g. http://localhost:8081");
        }
        var userInfo = configs.get(BASIC_AUTH_USER_INFO);
        var source = configs.get(BASIC_AUTH_CREDENTIALS_SOURCE);
        if (source != null && !source.toString().isBlank()
                && !source.toString().trim().equalsIgnoreCase(USER_INFO_SOURCE)) {
            throw new IllegalArgumentException(BASIC_AUTH_CREDENTIALS_SOURCE + " '" + source
                    + "' is not supported; expected " + USER_INFO_SOURCE);
        }
        if (source != null && !source.toString().isBlank() && (userInfo == null || userInfo.toString().isBlank())) {
            throw new IllegalArgumentException(BASIC_AUTH_CREDENTIALS_SOURCE + "=" + USER_INFO_SOURCE
                    + " needs " + BASIC_AUTH_USER_INFO + " (user:password)");
        }
        var retries = new Retries(SettingValues.intValue(configs, MAX_RETRIES, DEFAULT_MAX_RETRIES),
                Duration.ofMillis(SettingValues.longValue(configs, RETRIES_WAIT_MS, DEFAULT_RETRIES_WAIT_MS)),
                Duration.ofMillis(SettingValues.longValue(configs, RETRIES_MAX_WAIT_MS, DEFAULT_RETRIES_MAX_WAIT_MS)),
                Duration.ofMillis(SettingValues.longValue(configs, DEADLINE_MS, DEFAULT_DEADLINE_MS)));
        return new RegistryConfig(parseUrls(rawUrls),
                SettingValues.flag(configs, AUTO_REGISTER_SCHEMAS, true),
                userInfo == null || userInfo.toString().isBlank() ? null : userInfo.toString(),
                SettingValues.flag(configs, SPECIFIC_AVRO_READER, false),
                retries);
    }

    /** This configuration with {@code retries} instead of its own. */
    public RegistryConfig withRetries(Retries retries) {
        return new RegistryConfig(urls, autoRegisterSchemas, basicAuthUserInfo, specificAvroReader, retries);
    }

    private static List<URI> parseUrls(Object raw) {
        var parts = new ArrayList<String>();
        if (raw instanceof Collection<?> list) {
            list.forEach(item -> parts.add(item.toString()));
        } else {
            parts.addAll(List.of(raw.toString().split(",")));
        }
        var urls = new ArrayList<URI>();
        for (var part : parts) {
            var text = part.trim();
            while (text.endsWith("/")) {
                text = text.substring(0, text.length() - 1);
            }
            if (text.isEmpty()) {
                continue;
            }
            try {
                urls.add(new URI(text));
            } catch (URISyntaxException e) {
                throw new IllegalArgumentException(SCHEMA_REGISTRY_URL + " '" + text + "' is not a URL: "
                        + e.getMessage(), e);
            }
        }
        return urls;
    }

    /** Shows the URLs and flags but never the password. */
    @Override
    public String toString() {
        var user = basicAuthUserInfo == null ? "none" : basicAuthUserInfo.substring(0, basicAuthUserInfo.indexOf(':'))
                + ":[hidden]";
        return "RegistryConfig[urls=" + urls + ", autoRegisterSchemas=" + autoRegisterSchemas
                + ", basicAuth=" + user + ", specificAvroReader=" + specificAvroReader + ", retries=" + retries + "]";
    }
}
