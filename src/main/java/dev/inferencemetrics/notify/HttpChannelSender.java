package dev.inferencemetrics.notify;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import tools.jackson.databind.json.JsonMapper;

/**
 * POSTs JSON: the notice itself to a generic webhook, {@code {"text": headline and link}} to a Slack-compatible one.
 * A send has one deadline over connecting, the answer's headers and its body (read up to a small size and dropped):
 * a receiver that answers slowly, or trickles its body, fails the attempt when the deadline passes and the call is
 * cancelled. Redirects are not followed (they could lead to an address the channel check refused).
 */
final class HttpChannelSender implements ChannelSender {

    /** More than any receiver needs to say "accepted": a longer answer fails the attempt. */
    static final long MAX_ANSWER_BYTES = 64 * 1024;

    private final HttpClient client;
    private final JsonMapper json;
    private final boolean allowPrivateAddresses;
    private final NotificationProperties properties;

    HttpChannelSender(JsonMapper json, NotificationProperties properties) {
        this.client = HttpClient.newBuilder()
                .connectTimeout(properties.sendDeadline())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.json = json;
        this.allowPrivateAddresses = properties.allowPrivateAddresses();
        this.properties = properties;
    }

    @Override
    public void send(Channel channel, AlertNotice notice, String payload) throws DeliveryException {
        URI url = ChannelAddress.checkedUrl(channel.target(), channel.allowPrivateAddress() || allowPrivateAddresses);
        String body = channel.kind() == ChannelKind.SLACK
                ? json.writeValueAsString(Map.of("text", notice.headline() + "\n<" + notice.link() + "|Open the page>"))
                : payload;
        Duration deadline = properties.sendDeadline();
        HttpRequest request = HttpRequest.newBuilder(url)
                .timeout(deadline)
                .header("Content-Type", "application/json")
                .header("User-Agent", "inference-metrics-alerts")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        CompletableFuture<HttpResponse<Void>> answer =
                client.sendAsync(request, AnswerBody.droppedUpTo(MAX_ANSWER_BYTES));
        try {
            HttpResponse<Void> response = answer.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
            if (response.statusCode() / 100 != 2) {
                throw new DeliveryException("the receiver answered HTTP " + response.statusCode());
            }
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw overDeadline(url);
        } catch (ExecutionException e) {
            throw failure(url, Objects.requireNonNullElse(e.getCause(), e));
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new DeliveryException("interrupted while sending");
        }
    }

    private DeliveryException failure(URI url, Throwable cause) {
        if (cause instanceof HttpTimeoutException) {
            return overDeadline(url);
        }
        if (cause instanceof AnswerBody.AnswerTooLong tooLong) {
            return new DeliveryException(url.getHost() + " answered with " + tooLong.getMessage());
        }
        return new DeliveryException("could not reach " + url.getHost() + ": " + cause);
    }

    private DeliveryException overDeadline(URI url) {
        return new DeliveryException(
                url.getHost() + " did not complete its answer within the " + properties.deadlineText() + " deadline");
    }
}
