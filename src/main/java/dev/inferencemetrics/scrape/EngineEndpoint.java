package dev.inferencemetrics.scrape;

import dev.inferencemetrics.scrape.exposition.ExpositionFormatException;
import dev.inferencemetrics.scrape.exposition.ExpositionParser;
import dev.inferencemetrics.scrape.exposition.Sample;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.net.ssl.SSLException;

/**
 * Fetches and parses one target's /metrics. Before connecting, every address the host resolves to must be
 * permitted by the allow-list (checked again at each scrape, as a name may come to resolve elsewhere); redirects
 * are never followed, and an answer larger than the limit is refused.
 */
final class EngineEndpoint {

    static final String ACCEPT =
            "application/openmetrics-text;version=1.0.0;q=0.9,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

    private final HttpClient client;
    private final int maxBytes;

    EngineEndpoint(HttpClient client, int maxBytes) {
        this.client = client;
        this.maxBytes = maxBytes;
    }

    List<Sample> scrape(ClaimedTarget target, AllowList allowList) throws ScrapeFailure, InterruptedException {
        URI uri = URI.create(target.url());
        String host = ScrapeUrls.host(uri);
        checkAddresses(host, allowList);
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .timeout(target.timeout())
                .header("Accept", ACCEPT)
                .GET();
        if (target.bearerToken() != null) {
            request.header("Authorization", "Bearer " + target.bearerToken());
        }
        try {
            HttpResponse<InputStream> response =
                    client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() != 200) {
                    throw new ScrapeFailure("the target answered HTTP " + response.statusCode() + ", not 200");
                }
                return ExpositionParser.parse(read(body));
            }
        } catch (HttpTimeoutException e) {
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
