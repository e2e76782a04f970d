package dev.inferencemetrics.alert;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on 127.0.0.1 that answers the headers of a 200 at once and then trickles its body a byte at a
 * time, never finishing it until closed: a per-read timeout never fires, only an overall deadline ends the call.
 */
public final class TricklingReceiver implements AutoCloseable {

    private final ServerSocket server;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger open = new AtomicInteger();
    private final CompletableFuture<Void> firstConnection = new CompletableFuture<>();

    public TricklingReceiver() throws IOException {
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(this::accept);
    }

    public String url() {
        return "http://127.0.0.1:" + server.getLocalPort() + "/hook";
    }

    /** Connections taken so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Completes when the first sender has connected. */
    public CompletableFuture<Void> firstConnection() {
        return firstConnection;
    }

    /** Connections still being trickled to (the sender has not hung up). */
    public int open() {
        return open.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                accepted.incrementAndGet();
                open.incrementAndGet();
                firstConnection.complete(null);
                Thread.ofVirtual().start(() -> trickle(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void trickle(Socket socket) {
        try (socket) {
            readRequest(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            out.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 1000000\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            // the pace of the trickle: a byte each 200 ms until the receiver is closed or the sender hangs up
            while (!closed.await(200, TimeUnit.MILLISECONDS)) {
                out.write('.');
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // the sender hung up: what a deadline does
        } finally {
            open.decrementAndGet();
        }
    }

    /** Reads the request line, headers and as many body bytes as Content-Length says. */
    private static void readRequest(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int next = in.read();
            if (next < 0) {
                return;
            }
            head.append((char) next);
        }
        for (String line : head.toString().split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(
                        line.substring("content-length:".length()).strip()));
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed.countDown();
        server.close();
    }
}
