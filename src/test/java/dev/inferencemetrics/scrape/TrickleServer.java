package dev.inferencemetrics.scrape;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;

/**
 * A slow /metrics on 127.0.0.1: it answers 200 at once, then sends its body one byte every {@code pause}, a comment
 * of {@code bytes} bytes in all, as a server that holds a scraper as long as it can. Each path records whether its
 * last answer was sent to the end or the scraper hung up first. A {@linkplain #fallingSilent falling silent} one sends
 * the start of its body and then nothing more, keeping the connection open until it is closed.
 */
final class TrickleServer implements AutoCloseable {

    enum Outcome {
        SENT_WHOLE,
        HUNG_UP
    }

    private final HttpServer server;
    private final Map<String, CountDownLatch> asked = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> ended = new ConcurrentHashMap<>();
    private final Map<String, Outcome> outcomes = new ConcurrentHashMap<>();
    private final Map<String, CountDownLatch> sent = new ConcurrentHashMap<>();
    private final CountDownLatch closing = new CountDownLatch(1);

    TrickleServer(int bytes, long pauseMillis) {
        this(bytes, pauseMillis, false);
    }

    /** Sends {@code bytes} bytes of a body at once, then holds the connection silent until {@link #close}. */
    static TrickleServer fallingSilent(int bytes) {
        return new TrickleServer(bytes, 0, true);
    }

    private TrickleServer(int bytes, long pauseMillis, boolean silentAfter) {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            latch(asked, path).countDown();
            Outcome outcome = Outcome.HUNG_UP;
            try (OutputStream out = exchange.getResponseBody()) {
                exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
                exchange.sendResponseHeaders(200, 0);
                for (int sent = 0; sent < bytes; sent++) {
                    out.write(sent == 0 ? '#' : sent == bytes - 1 ? '\n' : 'x');
                    out.flush();
                    Thread.sleep(pauseMillis);
                }
                latch(sent, path).countDown();
                if (silentAfter) {
                    closing.await();
                }
                outcome = Outcome.SENT_WHOLE;
            } catch (IOException | InterruptedException e) {
                outcome = Outcome.HUNG_UP;
            } finally {
                outcomes.put(path, outcome);
                latch(ended, path).countDown();
            }
        });
        server.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** Waits until a scraper asks for {@code path}. */
    void awaitAsked(String path) throws InterruptedException {
        latch(asked, path).await();
    }

    /** Waits until every byte of the answer to {@code path} has been sent. */
    void awaitSent(String path) throws InterruptedException {
        latch(sent, path).await();
    }

    /** Waits until the answer to {@code path} has ended, and says how. */
    Outcome awaitEnd(String path) throws InterruptedException {
        latch(ended, path).await();
        return outcomes.get(path);
    }

    private static CountDownLatch latch(Map<String, CountDownLatch> latches, String path) {
        return latches.computeIfAbsent(path, p -> new CountDownLatch(1));
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
    }
}
