package io.gleaner.schemas.serde;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collection;
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
 */
public record RegistryConfig(List<URI> urls, boolean autoRegisterSchemas, String basicAuthUserInfo,
                             boolean specificAvroReader) {

    /** Base URL(s) of the registry, comma-separated. Required. */
    public static final String SCHEMA_REGISTRY_URL = "schema.registry.url";
    /** Whether the serializer registers schemas ({@code true}, the default) or only looks them up. */
    public static final String AUTO_REGISTER_SCHEMAS = "auto.register.schemas";
    /** {@code user:password} for HTTP basic auth. */
    public static final String BASIC_AUTH_USER_INFO = "basic.auth.user.info";
    /** Where basic-auth credentials come from; only {@code USER_INFO} is supported (the default with user info). */
    public static final String BASIC_AUTH_CREDENTIALS_SOURCE = "basic.auth.credentials.source";
    /** Whether the deserializer returns generated classes ({@code true}) or generic records (the default). */
    public static final String SPECIFIC_AVRO_READER = "specific.avro.reader";

    private static final String USER_INFO_SOURCE = "USER_INFO";

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
            throw new IllegalArgumentException(BASIC_AUTH_USER_INFO + " must be user:password, was a value without ':'");
        }
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
        return new RegistryConfig(parseUrls(rawUrls),
                flag(configs, AUTO_REGISTER_SCHEMAS, true),
                userInfo == null || userInfo.toString().isBlank() ? null : userInfo.toString(),
                flag(configs, SPECIFIC_AVRO_READER, false));
    }

    /** Reads a boolean setting that may be a {@code Boolean} or a string; {@code fallback} when absent. */
    static boolean flag(Map<String, ?> configs, String key, boolean fallback) {
        var value = configs.get(key);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        var text = value.toString().trim();
        if (text.equalsIgnoreCase("true")) {
            return true;
        }
        if (text.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException(key + " must be true or false, was '" + value + "'");
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
                + ", basicAuth=" + user + ", specificAvroReader=" + specificAvroReader + "]";
    }
}
