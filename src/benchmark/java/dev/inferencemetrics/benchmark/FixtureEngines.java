package dev.inferencemetrics.benchmark;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every engine of the benchmark on one local server: any path serves the same real scrape, its cumulative series
 * multiplied by a generation number that grows every 15 s, so counters advance between scrapes. Bodies are rendered
 * once per generation, so the server's own CPU stays small beside the scraper's.
 */
final class FixtureEngines implements AutoCloseable {

    private static final Pattern CUMULATIVE =
            Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*(?:_total|_bucket|_count|_sum)(?:\\{[^}]*\\})?) (\\S+)$");

    private static final String THREADS = "fixture-engine-";

    private final String scrape;
    private final HttpServer server;
    // platform threads with names of their own, so that their CPU can be told apart from the scraper's
    private final ExecutorService executor = Executors.newFixedThreadPool(
            8, Thread.ofPlatform().name(THREADS, 0).daemon().factory());
    private final ConcurrentHashMap<Long, byte[]> bodies = new ConcurrentHashMap<>();
    private final AtomicLong served = new AtomicLong();

    FixtureEngines(String scrape) throws IOException {
        this.scrape = scrape;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1000);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            long generation = System.currentTimeMillis() / 15_000;
            byte[] body = bodies.computeIfAbsent(generation, this::render);
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
            served.incrementAndGet();
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** CPU nanoseconds the engines' threads (and the server's dispatcher) have used so far. */
    static long cpuNanos() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long nanos = 0;
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null
                    && (info.getThreadName().startsWith(THREADS)
                            || info.getThreadName().startsWith("HTTP-Dispatcher"))) {
                nanos += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return nanos;
    }

    long served() {
        return served.get();
    }

    private byte[] render(long generation) {
        StringBuilder out = new StringBuilder();
        double factor = generation % 1_000_000 + 1;
        for (String line : scrape.split("\n", -1)) {
            Matcher cumulative = CUMULATIVE.matcher(line);
            out.append(
                            cumulative.matches()
                                    ? cumulative.group(1) + " " + Double.parseDouble(cumulative.group(2)) * factor
                                    : line)
                    .append('\n');
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
