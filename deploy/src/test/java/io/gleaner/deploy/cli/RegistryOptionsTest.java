package io.gleaner.deploy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registry's secrets as the command line takes them: from an option or a file, never echoed in an error. */
class RegistryOptionsTest {

    @TempDir
    Path dir;

    @Test
    void credentialsComeFromTheOptionBeforeTheFile() throws Exception {
        var options = new RegistryOptions();
        options.basicAuthUserInfoFile = Files.writeString(dir.resolve("user-info"), "gleaner:from-file\n");

        assertThat(options.basicAuthUserInfo()).contains("gleaner:from-file");
        options.basicAuthUserInfo = "gleaner:from-option";
        assertThat(options.basicAuthUserInfo()).contains("gleaner:from-option");
    }

    @Test
    void aKeystoreNeedsItsPasswordFile() throws Exception {
        var options = new RegistryOptions();
        options.registryKeystore = dir.resolve("server.p12");

        assertThatThrownBy(options::registryKeystore)
                .hasMessage("--registry-keystore needs --registry-keystore-password-file");
        options.registryKeystorePasswordFile = Files.writeString(dir.resolve("password"), "st0re-pw\n");
        assertThat(options.registryKeystore()).hasValueSatisfying(keystore -> {
            assertThat(keystore.password()).isEqualTo("st0re-pw");
            assertThat(keystore.toString()).doesNotContain("st0re-pw");
        });
    }

    @Test
    void aMissingOrEmptySecretFileIsNamedWithItsOption() throws Exception {
        var options = new RegistryOptions();
        options.basicAuthUserInfoFile = dir.resolve("absent");
        assertThatThrownBy(options::basicAuthUserInfo)
                .hasMessage("--basic-auth-user-info-file: no such file: " + dir.resolve("absent"));

        options.basicAuthUserInfoFile = Files.writeString(dir.resolve("empty"), "\n");
        assertThatThrownBy(options::basicAuthUserInfo)
                .hasMessage("--basic-auth-user-info-file: " + dir.resolve("empty") + " is empty");
    }
}
