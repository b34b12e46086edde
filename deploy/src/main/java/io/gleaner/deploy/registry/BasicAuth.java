package io.gleaner.deploy.registry;

import com.sun.net.httpserver.BasicAuthenticator;

/** The JDK's HTTP basic authenticator letting in the registry's one user. */
final class BasicAuth extends BasicAuthenticator {

    private final RegistryCredentials credentials;

    BasicAuth(RegistryCredentials credentials) {
        super("gleaner-schema-registry");
        this.credentials = credentials;
    }

    @Override
    public boolean checkCredentials(String user, String password) {
        return credentials.accept(user, password);
    }
}
