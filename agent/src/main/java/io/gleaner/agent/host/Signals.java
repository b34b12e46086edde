package io.gleaner.agent.host;

import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * kill(2), through JNA: the JDK sends only SIGTERM and SIGKILL ({@link ProcessHandle#destroy}), and the duty cycle
 * needs SIGSTOP and SIGCONT ten times a second, too often to fork {@code kill(1)}.
 */
final class Signals {

    /** Linux's numbers on x86-64 and arm64. */
    static final int SIGKILL = 9;
    static final int SIGCONT = 18;
    static final int SIGSTOP = 19;

    private interface C extends Library {
        int kill(int pid, int signal);
    }

    private static final C LIBC = Native.load("c", C.class);

    private Signals() {
    }

    /** Sends {@code signal} to {@code pid}; false when it is gone. */
    static boolean send(long pid, int signal) {
        return LIBC.kill((int) pid, signal) == 0;
    }
}
