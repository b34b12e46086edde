package io.gleaner.ingest.trace;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceInputTest {

    @Test
    void shouldNameAClasspathTraceByItsLastSegment() throws IOException {
        try (var input = TraceInput.open("classpath:/traces/swim/LICENSE")) {
            assertThat(input.name()).isEqualTo("LICENSE");
            assertThat(input.gzip()).isFalse();
            assertThat(new String(input.stream().readAllBytes(), UTF_8)).contains("New BSD License");
        }
    }

    @Test
    void shouldSayWhichResourceIsMissing() {
        assertThatThrownBy(() -> TraceInput.open("classpath:traces/none.tsv"))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessage("no classpath resource 'traces/none.tsv'");
    }

    @Test
    void shouldNameAFileWithoutItsDirectories(@TempDir Path dir) throws IOException {
        var file = Files.writeString(Files.createDirectories(dir.resolve("a/b")).resolve("t.tsv"), "x\n");
        try (var input = TraceInput.open(file.toString())) {
            assertThat(input.name()).isEqualTo("t.tsv");
            assertThat(input.stream().readAllBytes()).isEqualTo("x\n".getBytes(UTF_8));
        }
    }

    @Test
    void shouldDecompressAGzipStreamAndSayItWasGzip() throws IOException {
        var bytes = new ByteArrayOutputStream();
        try (var gzip = new GZIPOutputStream(bytes)) {
            gzip.write("line\n".getBytes(UTF_8));
        }
        try (var input = TraceInput.of("t", new ByteArrayInputStream(bytes.toByteArray()))) {
            assertThat(input.gzip()).isTrue();
            assertThat(input.stream().readAllBytes()).isEqualTo("line\n".getBytes(UTF_8));
        }
    }

    @Test
    void shouldReadAnEmptyOrOneByteStreamAsPlain() throws IOException {
        try (var input = TraceInput.of("empty", new ByteArrayInputStream(new byte[0]))) {
            assertThat(input.gzip()).isFalse();
            assertThat(input.stream().readAllBytes()).isEmpty();
        }
        try (var input = TraceInput.of("one", new ByteArrayInputStream(new byte[] {0x1f}))) {
            assertThat(input.gzip()).isFalse();
            assertThat(input.stream().readAllBytes()).containsExactly(0x1f);
        }
    }
}
