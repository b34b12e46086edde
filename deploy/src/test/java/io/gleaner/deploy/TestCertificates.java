package io.gleaner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed certificate for {@code localhost} made by the JDK's {@code keytool} run as a process, as an operator
 * would make one: a PKCS12 keystore with the key, and a PKCS12 truststore with the certificate, both under one
 * password.
 *
 * @param keystore   the key and its certificate, for the server
 * @param truststore the certificate alone, for the clients
 * @param password   of both stores and of the key
 */
public record TestCertificates(Path keystore, Path truststore, String password) {

    /** Makes the stores in {@code dir}. */
    public static TestCertificates make(Path dir, String password) throws IOException, InterruptedException {
        var keystore = dir.resolve("server.p12");
        var truststore = dir.resolve("truststore.p12");
        var certificate = dir.resolve("server.pem");
        keytool("-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-storetype", "PKCS12",
                "-keystore", keystore.toString(), "-storepass", password, "-keypass", password);
        keytool("-exportcert", "-rfc", "-alias", "server", "-keystore", keystore.toString(),
                "-storepass", password, "-file", certificate.toString());
        keytool("-importcert", "-noprompt", "-alias", "server", "-file", certificate.toString(),
                "-storetype", "PKCS12", "-keystore", truststore.toString(), "-storepass", password);
        return new TestCertificates(keystore, truststore, password);
    }

    /** A TLS context that trusts the certificate (and nothing else). */
    public SSLContext trustingContext() throws IOException, GeneralSecurityException {
        var trusted = KeyStore.getInstance(truststore.toFile(), password.toCharArray());
        var managers = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        managers.init(trusted);
        var context = SSLContext.getInstance("TLS");
        context.init(null, managers.getTrustManagers(), null);
        return context;
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        var command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        var process = new ProcessBuilder(command).redirectErrorStream(true).start();
        var output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("keytool %s", args[0]).isTrue();
        assertThat(process.exitValue()).as("keytool %s: %s", args[0], output).isZero();
    }
}
