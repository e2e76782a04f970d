package dev.inferencemetrics.scrape;

import dev.inferencemetrics.scrape.exposition.ExpositionFormatException;
import dev.inferencemetrics.scrape.exposition.ExpositionParser;
import dev.inferencemetrics.scrape.exposition.Sample;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.net.ssl.SSLException;
import org.jspecify.annotations.Nullable;

/**
 * Fetches and parses one target's /metrics. Before connecting, every address the host resolves to must be
 * permitted by the allow-list (checked again at each scrape, as a name may come to resolve elsewhere); redirects
 * are never followed, and an answer larger than the limit is refused. {@link HttpURLConnection} keeps connections
 * alive between scrapes and costs about half the CPU of {@code java.net.http.HttpClient} per fetch (BENCHMARKS.md).
 */
final class EngineEndpoint {

    static final String ACCEPT =
            "application/openmetrics-text;version=1.0.0;q=0.9,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

    private static final int CONNECT_TIMEOUT_MS = 5_000;

    private final int maxBytes;

    EngineEndpoint(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    List<Sample> scrape(ClaimedTarget target, AllowList allowList) throws ScrapeFailure, InterruptedException {
        URI uri = URI.create(target.url());
        String host = ScrapeUrls.host(uri);
        checkAddresses(host, allowList);
        int timeout = Math.toIntExact(target.timeout().toMillis());
        try {
            HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection(Proxy.NO_PROXY);
            connection.setInstanceFollowRedirects(false);
            connection.setUseCaches(false);
            connection.setConnectTimeout(Math.min(CONNECT_TIMEOUT_MS, timeout));
            connection.setReadTimeout(timeout);
            connection.setRequestProperty("Accept", ACCEPT);
            if (target.bearerToken() != null) {
                connection.setRequestProperty("Authorization", "Bearer " + target.bearerToken());
            }
            int status = connection.getResponseCode();
            if (status != 200) {
                drain(connection.getErrorStream());
                throw new ScrapeFailure("the target answered HTTP " + status + ", not 200");
            }
            try (InputStream body = connection.getInputStream()) {
                return ExpositionParser.parse(read(body));
            }
        } catch (SocketTimeoutException e) {
            throw new ScrapeFailure("no answer within " + target.timeout().toSeconds() + " s");
        } catch (ConnectException e) {
            throw new ScrapeFailure("could not connect to " + host + " (connection refused or unreachable)");
        } catch (SSLException e) {
            throw new ScrapeFailure("the TLS handshake with " + host + " failed: " + e.getMessage());
        } catch (ExpositionFormatException e) {
            throw new ScrapeFailure("the answer is not in the Prometheus text format: " + e.getMessage());
        } catch (IOException e) {
            throw new ScrapeFailure("the connection to " + host + " failed: " + e.getMessage());
        }
    }

    /** Reads an error answer to its end, so that its connection can be kept for the next scrape. */
    private static void drain(@Nullable InputStream body) throws IOException {
        if (body != null) {
            try (body) {
                body.skip(64 * 1024);
            }
        }
    }

    private static void checkAddresses(String host, AllowList allowList) throws ScrapeFailure {
        try {
            for (InetAddress address : InetAddress.getAllByName(host)) {
                if (!allowList.permits(host, address)) {
                    throw new ScrapeFailure(host + " resolves to " + address.getHostAddress()
                            + ", which the scrape allow-list does not include");
                }
            }
        } catch (UnknownHostException e) {
            throw new ScrapeFailure("the host name " + host + " does not resolve");
        }
    }

    private String read(InputStream body) throws IOException, ScrapeFailure {
        byte[] bytes = body.readNBytes(maxBytes + 1);
        if (bytes.length > maxBytes) {
            throw new ScrapeFailure("the answer is larger than " + maxBytes / 1024 / 1024 + " MiB");
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
