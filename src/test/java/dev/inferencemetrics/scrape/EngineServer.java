package dev.inferencemetrics.scrape;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Engines on 127.0.0.1: each path serves a real scrape whose cumulative series (counters, histogram buckets, sums
 * and counts) are multiplied by a factor the test sets, so counters advance between scrapes — or fall back, as after
 * an engine restart. Gauges are served as written.
 */
final class EngineServer implements AutoCloseable {

    private static final Pattern CUMULATIVE =
            Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*(?:_total|_bucket|_count|_sum)(?:\\{[^}]*\\})?) (\\S+)$");

    private final HttpServer server;
    private final Map<String, Engine> engines = new ConcurrentHashMap<>();

    EngineServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            Engine engine = engines.get(exchange.getRequestURI().getPath());
            byte[] body = engine == null ? new byte[0] : engine.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(engine == null ? 404 : 200, body.length == 0 ? -1 : body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** Serves the scrape at {@code path}; returns the engine, to move its counters. */
    Engine serve(String path, Path scrape) {
        try {
            Engine engine = new Engine(Files.readString(scrape));
            engines.put(path, engine);
            return engine;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Serves {@code body} as written at {@code path}. */
    void serveText(String path, String body) {
        engines.put(path, new Engine(body) {
            @Override
            String body() {
                return body;
            }
        });
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    static class Engine {

        private final String scrape;
        private volatile double factor = 1;

        Engine(String scrape) {
            this.scrape = scrape;
        }

        /** From the next scrape on, cumulative series read {@code factor} times their written value. */
        void cumulativeTimes(double factor) {
            this.factor = factor;
        }

        String body() {
            StringBuilder out = new StringBuilder();
            for (String line : scrape.split("\n", -1)) {
                Matcher cumulative = CUMULATIVE.matcher(line);
                if (cumulative.matches()) {
                    out.append(cumulative.group(1))
                            .append(' ')
                            .append(Double.parseDouble(cumulative.group(2)) * factor);
                } else {
                    out.append(line);
                }
                out.append('\n');
            }
            return out.toString();
        }
    }
}
