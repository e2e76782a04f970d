package dev.inferencemetrics.notify;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * POSTs JSON: the notice itself to a generic webhook, {@code {"text": headline and link}} to a Slack-compatible one.
 * Connecting and answering are bounded by timeouts, so an unreachable receiver costs seconds, never a stuck job;
 * redirects are not followed (they could lead to an address the channel check refused).
 */
final class HttpChannelSender implements ChannelSender {

    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder()
            .connectTimeout(CONNECT_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    private final JsonMapper json;
    private final boolean allowPrivateAddresses;

    HttpChannelSender(JsonMapper json, boolean allowPrivateAddresses) {
        this.json = json;
        this.allowPrivateAddresses = allowPrivateAddresses;
    }

    @Override
    public void send(Channel channel, AlertNotice notice, String payload) throws DeliveryException {
        URI url = ChannelAddress.checkedUrl(channel.target(), channel.allowPrivateAddress() || allowPrivateAddresses);
        String body = channel.kind() == ChannelKind.SLACK
                ? json.writeValueAsString(Map.of("text", notice.headline() + "\n<" + notice.link() + "|Open the page>"))
                : payload;
        HttpRequest request = HttpRequest.newBuilder(url)
                .timeout(ANSWER_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("User-Agent", "inference-metrics-alerts")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            HttpResponse<Void> response = client.send(request, HttpResponse.BodyHandlers.discarding());
            if (response.statusCode() / 100 != 2) {
                throw new DeliveryException("the receiver answered HTTP " + response.statusCode());
            }
        } catch (HttpTimeoutException e) {
            throw new DeliveryException("no answer from " + url.getHost() + " within the timeout");
        } catch (IOException e) {
            throw new DeliveryException("could not reach " + url.getHost() + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeliveryException("interrupted while sending");
        }
    }
}
