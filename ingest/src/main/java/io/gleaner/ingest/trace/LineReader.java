package io.gleaner.ingest.trace;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads a stream one line at a time, in memory bounded by the read buffer plus the longest line kept.
 *
 * <p>{@code BufferedReader.readLine} would hold a line of any length (a file with no newline is one
 * line) and decodes before we can see the raw bytes; this reader splits on {@code \n} at the byte level,
 * drops one trailing {@code \r}, keeps at most {@code maxLineBytes} of a line (and says it cut it), and
 * decodes UTF-8 strictly, so a dead letter can carry the line's real bytes.
 */
final class LineReader implements Closeable {

    private static final int READ_BUFFER_BYTES = 64 * 1024;
    private static final int INITIAL_LINE_BYTES = 256;

    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[READ_BUFFER_BYTES];
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private int position;
    private int limit;
    private boolean endOfStream;
    private byte[] line = new byte[INITIAL_LINE_BYTES];
    private int lineLength;
    private boolean truncated;
    private long lineNumber;

    LineReader(InputStream in, int maxLineBytes) {
        if (maxLineBytes < 1) {
            throw new IllegalArgumentException("maxLineBytes must be >= 1, was " + maxLineBytes);
        }
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** Moves to the next line; false at the end of the stream. */
    boolean next() throws IOException {
        lineLength = 0;
        truncated = false;
        boolean any = false;
        while (true) {
            if (position >= limit) {
                if (endOfStream) {
                    break;
                }
                int n = in.read(buffer, 0, buffer.length);
                if (n < 0) {
                    endOfStream = true;
                    break;
                }
                position = 0;
                limit = n;
                continue;
            }
            any = true;
            int newline = -1;
            for (int i = position; i < limit; i++) {
                if (buffer[i] == '\n') {
                    newline = i;
                    break;
                }
            }
            int end = newline < 0 ? limit : newline;
            append(position, end - position);
            if (newline >= 0) {
                position = newline + 1;
                break;
            }
            position = limit;
        }
        if (!any) {
            return false;
        }
        if (!truncated && lineLength > 0 && line[lineLength - 1] == '\r') {
            lineLength--;
        }
        lineNumber++;
        if (lineNumber == 1) {
            dropByteOrderMark();
        }
        return true;
    }

    /** Number of the current line, from 1. */
    long lineNumber() {
        return lineNumber;
    }

    /** Whether the current line was longer than {@code maxLineBytes} and was cut. */
    boolean truncated() {
        return truncated;
    }

    /** The current line's bytes (without the line end), a copy. */
    byte[] bytes() {
        return Arrays.copyOf(line, lineLength);
    }

    /** The current line decoded as UTF-8. */
    String text() throws CharacterCodingException {
        return utf8.reset().decode(ByteBuffer.wrap(line, 0, lineLength)).toString();
    }

    private void append(int from, int length) {
        int room = maxLineBytes - lineLength;
        int kept = Math.min(room, length);
        if (kept < length) {
            truncated = true;
        }
        if (kept <= 0) {
            return;
        }
        if (lineLength + kept > line.length) {
            line = Arrays.copyOf(line, Math.min(maxLineBytes, Math.max(line.length * 2, lineLength + kept)));
        }
        System.arraycopy(buffer, from, line, lineLength, kept);
        lineLength += kept;
    }

    private void dropByteOrderMark() {
        if (lineLength >= 3 && (line[0] & 0xff) == 0xef && (line[1] & 0xff) == 0xbb && (line[2] & 0xff) == 0xbf) {
            System.arraycopy(line, 3, line, 0, lineLength - 3);
            lineLength -= 3;
        }
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
