package dev.inferencemetrics.scrape;

import dev.inferencemetrics.scrape.exposition.ExpositionFormatException;
import dev.inferencemetrics.scrape.exposition.ExpositionParser;
import dev.inferencemetrics.scrape.exposition.Sample;
import dev.inferencemetrics.scrape.exposition.TooManySeries;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fetches and parses one target's /metrics. Before connecting, every address the host resolves to must be
 * permitted by the allow-list (checked again at each scrape, as a name may come to resolve elsewhere); redirects
 * are never followed, and an answer larger than the byte or series limit is refused while it is read, never held
 * whole. The whole fetch — connecting, headers and body — ends at the target's timeout, however slowly bytes
 * trickle in ({@link Fetch} interrupts the fetching virtual thread, which closes its socket). {@link
 * HttpURLConnection} keeps connections alive between scrapes and costs about half the CPU of {@code
 * java.net.http.HttpClient} per fetch (BENCHMARKS.md).
 *
 * <p>What a failure says is shown to the tenant, so it never repeats text the answer held, and every way of not
 * getting an HTTP answer (no such host, refused, unreachable, silent, not HTTP, TLS failed) reads the same: the
 * difference would map the network behind the allow-list. The server log keeps the details for operators.
 */
final class EngineEndpoint {

    static final String ACCEPT =
            "application/openmetrics-text;version=1.0.0;q=0.9,text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

    static final String NO_ANSWER = "could not fetch: no HTTP answer (no such host, refused, unreachable or silent)";

    private static final Logger log = LoggerFactory.getLogger(EngineEndpoint.class);
    private static final int CONNECT_TIMEOUT_MS = 5_000;

    private final int maxBytes;
    private final int maxSeries;

    EngineEndpoint(int maxBytes, int maxSeries) {
        this.maxBytes = maxBytes;
        this.maxSeries = maxSeries;
    }

    List<Sample> scrape(ClaimedTarget target, AllowList allowList, Fetch fetch) throws ScrapeFailure {
        URI uri = URI.create(target.url());
        String host = ScrapeUrls.host(uri);
        checkAddresses(target, host, ScrapeUrls.port(uri), allowList);
        int timeout = Math.toIntExact(target.timeout().toMillis());
        boolean answered = false;
        try {
            fetch.begin();
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
                connection.connect();
                int status = connection.getResponseCode();
                if (status < 100) {
                    throw new IOException("not an HTTP answer");
                }
                answered = true;
                if (status != 200) {
                    drain(connection.getErrorStream());
                    throw new ScrapeFailure("the target answered HTTP " + status + ", not 200");
                }
                try (InputStream body = new Bounded(connection.getInputStream(), maxBytes)) {
                    return ExpositionParser.parse(new InputStreamReader(body, StandardCharsets.UTF_8), maxSeries);
                }
            } finally {
                fetch.end();
            }
        } catch (TooManySeries e) {
            throw new ScrapeFailure("the answer has more than " + maxSeries + " series, the most one scrape reads");
        } catch (ExpositionFormatException e) {
            throw new ScrapeFailure("the answer is not in the Prometheus text format: " + e.getMessage());
        } catch (TooLarge e) {
            throw new ScrapeFailure("the answer is larger than " + maxBytes / 1024 + " KiB, the most one scrape reads");
        } catch (IOException | RuntimeException e) {
            log.info("Scrape of target {} ({}) failed: {}", target.id(), host, e.toString());
            Fetch.Stop stopped = e instanceof SocketTimeoutException ? Fetch.Stop.DEADLINE : fetch.stopped();
            throw new ScrapeFailure(failure(stopped, answered, target));
        }
    }

    /**
     * Before an answer, a deadline reads as no answer at all: that a port accepts and stays silent would tell it
     * apart from a closed one.
     */
    private static String failure(Fetch.@Nullable Stop stopped, boolean answered, ClaimedTarget target) {
        if (stopped == Fetch.Stop.REMOVED) {
            return "the target was removed during its scrape";
        }
        if (stopped == Fetch.Stop.SHUTDOWN) {
            return "the scrape was stopped (the application is stopping)";
        }
        if (!answered) {
            return NO_ANSWER;
        }
        return stopped == Fetch.Stop.DEADLINE
                ? "the answer did not complete within the timeout of "
                        + target.timeout().toSeconds() + " s"
                : "the answer broke off before its end";
    }

    /** Reads an error answer to its end, so that its connection can be kept for the next scrape. */
    private static void drain(@Nullable InputStream body) throws IOException {
        if (body != null) {
            try (body) {
                body.skip(64 * 1024);
            }
        }
    }

    private static void checkAddresses(ClaimedTarget target, String host, int port, AllowList allowList)
            throws ScrapeFailure {
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException e) {
            log.info("Scrape of target {}: {} does not resolve", target.id(), host);
            throw new ScrapeFailure(NO_ANSWER);
        }
        for (InetAddress address : addresses) {
            if (!allowList.permits(host, port, target.tenantId(), address)) {
                log.info("Scrape of target {}: {} resolves to {}, outside the allow-list", target.id(), host, address);
                throw new ScrapeFailure(AllowList.outside(host));
            }
        }
    }

    /** A body that fails once it holds more than its limit. */
    private static final class Bounded extends FilterInputStream {

        private long left;

        Bounded(InputStream body, long limit) {
            super(body);
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            int read = super.read();
            count(read < 0 ? 0 : 1);
            return read;
        }

        @Override
        public int read(byte[] bytes, int offset, int length) throws IOException {
            int read = super.read(bytes, offset, length);
            count(Math.max(read, 0));
            return read;
        }

        private void count(int read) throws TooLarge {
            left -= read;
            if (left < 0) {
                throw new TooLarge();
            }
        }
    }

    private static final class TooLarge extends IOException {}
}
