package io.gleaner.deploy.registry;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * The one user the embedded registry lets in with HTTP basic auth, from {@code USER:PASSWORD} as Confluent's
 * {@code basic.auth.user.info} spells it; {@link #toString()} leaves the password out.
 */
public record RegistryCredentials(String user, String password) {

    public RegistryCredentials {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        if (user.isEmpty() || user.contains(":")) {
            throw new IllegalArgumentException("the registry's user must be non-empty and without ':'");
        }
    }

    /**
     * Parses {@code USER:PASSWORD} (the password may hold ':').
     *
     * @throws IllegalArgumentException without the value, which holds the password
     */
    public static RegistryCredentials parse(String userInfo) {
        int colon = userInfo.indexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("registry credentials must be USER:PASSWORD");
        }
        return new RegistryCredentials(userInfo.substring(0, colon), userInfo.substring(colon + 1));
    }

    /** Whether {@code user} and {@code password} are these, in time that does not depend on where they differ. */
    boolean accept(String user, String password) {
        // Both compared, always: an early return would tell a prober which one was right.
        boolean userMatches = MessageDigest.isEqual(bytes(this.user), bytes(user));
        boolean passwordMatches = MessageDigest.isEqual(bytes(this.password), bytes(password));
        return userMatches & passwordMatches;
    }

    private static byte[] bytes(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "RegistryCredentials[user=" + user + ", password=(hidden)]";
    }
}
