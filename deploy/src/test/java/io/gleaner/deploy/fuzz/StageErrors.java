package io.gleaner.deploy.fuzz;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.AppenderBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.LoggerFactory;

/**
 * The errors the stages log while a test runs, kept so that a failure can name the exception that stopped a stage:
 * every ERROR event of Gleaner's and Kafka's loggers, with its thread (Kafka Streams names its threads after the
 * application id) and its chain of causes.
 */
public final class StageErrors extends AppenderBase<ILoggingEvent> implements AutoCloseable {

    /** At most this many errors are kept, the first ones (the first error of a stage is the one that stopped it). */
    private static final int KEPT = 200;

    private static final List<String> LOGGERS = List.of("io.gleaner", "org.apache.kafka");

    private final List<String> errors = new ArrayList<>();
    private final Map<String, String> stagesByApplicationId;

    private StageErrors(Map<String, String> stagesByApplicationId) {
        this.stagesByApplicationId = Map.copyOf(stagesByApplicationId);
    }

    /** Starts keeping errors; {@code stagesByApplicationId} names the stage of each Kafka Streams application id. */
    public static StageErrors capture(Map<String, String> stagesByApplicationId) {
        var appender = new StageErrors(stagesByApplicationId);
        appender.setContext((ch.qos.logback.classic.LoggerContext) LoggerFactory.getILoggerFactory());
        appender.start();
        for (var name : LOGGERS) {
            ((Logger) LoggerFactory.getLogger(name)).addAppender(appender);
        }
        return appender;
    }

    @Override
    protected void append(ILoggingEvent event) {
        if (!event.getLevel().isGreaterOrEqual(Level.ERROR)) {
            return;
        }
        var line = stageOf(event.getThreadName()) + " [" + event.getThreadName() + "] " + event.getLoggerName() + ": "
                + shorten(event.getFormattedMessage(), 300) + causes(event.getThrowableProxy());
        synchronized (errors) {
            if (errors.size() < KEPT) {
                errors.add(line);
            }
        }
    }

    /** The errors logged on the threads of {@code stage}'s application, or naming it, first ones first. */
    public List<String> of(String stage) {
        synchronized (errors) {
            return errors.stream().filter(line -> line.startsWith(stage + " ") || line.contains(" " + stage + " "))
                    .limit(3).toList();
        }
    }

    /** Every error kept. */
    public List<String> all() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    private String stageOf(String thread) {
        return stagesByApplicationId.entrySet().stream().filter(entry -> thread.startsWith(entry.getKey()))
                .map(Map.Entry::getValue).findFirst().orElse("?");
    }

    private static String causes(IThrowableProxy throwable) {
        var text = new StringBuilder();
        for (int depth = 0; throwable != null && depth < 6; depth++, throwable = throwable.getCause()) {
            text.append("\n      ").append(depth == 0 ? "" : "caused by ").append(throwable.getClassName()).append(": ")
                    .append(shorten(String.valueOf(throwable.getMessage()), 300));
        }
        return text.toString();
    }

    private static String shorten(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max) + "…";
    }

    @Override
    public void close() {
        for (var name : LOGGERS) {
            ((Logger) LoggerFactory.getLogger(name)).detachAppender(this);
        }
        stop();
    }
}
