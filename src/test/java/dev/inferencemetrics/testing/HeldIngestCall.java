package dev.inferencemetrics.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * An ingest call sent over a plain socket up to the last byte of its body: the server has started on it and waits
 * for the rest, so the call stays in flight until {@link #finish}.
 */
public final class HeldIngestCall implements AutoCloseable {

    private final Socket socket;
    private final byte[] body;

    public HeldIngestCall(int port, String key, byte[] body) throws IOException {
        this(port, HttpApi.INGEST_REQUESTS, key, body);
    }

    /** {@code path} exactly as sent, encoded or not. */
    public HeldIngestCall(int port, String path, String key, byte[] body) throws IOException {
        this.socket = new Socket("localhost", port);
        this.body = body;
        socket.setSoTimeout(60_000);
        String head = "POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer " + key
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length
                + "\r\nConnection: close\r\n\r\n";
        OutputStream out = socket.getOutputStream();
        out.write(head.getBytes(StandardCharsets.US_ASCII));
        out.write(body, 0, body.length - 1);
        out.flush();
    }

    /** Sends the last byte and returns the status line of the answer. */
    public String finish() throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(body, body.length - 1, 1);
        out.flush();
        return new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII)).readLine();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
