package dev.inferencemetrics.alert;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/** A webhook receiver on 127.0.0.1 that keeps every body it is sent and answers 204. */
public final class WebhookReceiver implements AutoCloseable {

    private final HttpServer server;
    private final List<String> bodies = new CopyOnWriteArrayList<>();
    private final List<Awaited> awaited = new CopyOnWriteArrayList<>();

    public WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hook", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                bodies.add(text);
                awaited.stream().filter(wait -> text.contains(wait.text())).forEach(wait -> wait.body()
                        .complete(text));
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    /** Completes with the first body, sent before or after this call, that contains the text. */
    public CompletableFuture<String> firstContaining(String text) {
        Awaited wait = new Awaited(text, new CompletableFuture<>());
        awaited.add(wait);
        bodies.stream().filter(body -> body.contains(text)).findFirst().ifPresent(wait.body()::complete);
        return wait.body();
    }

    private record Awaited(String text, CompletableFuture<String> body) {}

    public List<String> bodies() {
        return List.copyOf(bodies);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
