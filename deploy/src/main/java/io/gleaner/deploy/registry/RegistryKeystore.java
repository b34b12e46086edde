package io.gleaner.deploy.registry;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Objects;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The key and certificate the embedded registry serves HTTPS with: a keystore file (PKCS12 or JKS, told apart by the
 * JDK) whose store and key share {@code password}; {@link #toString()} leaves the password out.
 */
public record RegistryKeystore(Path location, String password) {

    public RegistryKeystore {
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(password, "password");
    }

    /**
     * The TLS context of the keystore.
     *
     * @throws IllegalArgumentException naming the file when it cannot be read or opened with the password
     */
    SSLContext sslContext() {
        try {
            var keys = KeyStore.getInstance(location.toFile(), password.toCharArray());
            var managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            managers.init(keys, password.toCharArray());
            var context = SSLContext.getInstance("TLS");
            context.init(managers.getKeyManagers(), null, null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException("cannot open the registry's keystore " + location + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "RegistryKeystore[location=" + location + ", password=(hidden)]";
    }
}
