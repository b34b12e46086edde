package io.gleaner.deploy.fuzz;

/**
 * Telegraf JSON documents as the adapter's {@code telegraf-json} mapping reads them (cpu-total series: 1 - usage_idle
 * / 100; mem: used_percent / 100), with every field given as raw JSON text so that a hostile one can be anything.
 */
final class Telemetry {

    private Telemetry() {
    }

    static String cpu(String host, Object timestamp, String usageIdle) {
        return "{\"fields\":{\"usage_idle\":" + usageIdle + ",\"usage_system\":1.0,\"usage_user\":1.0},"
                + "\"name\":\"cpu\",\"tags\":{\"cpu\":\"cpu-total\",\"host\":" + quoted(host) + "},\"timestamp\":"
                + timestamp + "}";
    }

    static String mem(String host, Object timestamp, String usedPercent) {
        return "{\"fields\":{\"total\":8589934592,\"used_percent\":" + usedPercent + "},\"name\":\"mem\","
                + "\"tags\":{\"host\":" + quoted(host) + "},\"timestamp\":" + timestamp + "}";
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
