package dev.inferencemetrics.loadgen;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the dashboard's used heap from {@code /actuator/metrics/jvm.memory.used}, which needs an operator. */
final class HeapProbe {

    private static final Pattern VALUE = Pattern.compile("\"statistic\":\"VALUE\",\"value\":([0-9.Ee+]+)");

    private final HttpClient http;
    private final URI uri;
    private final String authorization;
    private OptionalLong firstBytes = OptionalLong.empty();
    private long peakBytes;

    HeapProbe(HttpClient http, URI base, String operatorCredentials) {
        this.http = http;
        this.uri = base.resolve("/actuator/metrics/jvm.memory.used?tag=area:heap");
        this.authorization =
                "Basic " + Base64.getEncoder().encodeToString(operatorCredentials.getBytes(StandardCharsets.UTF_8));
    }

    /** The heap in use now, remembered for {@link #firstBytes} and {@link #peakBytes}; empty when not said. */
    OptionalLong usedBytes() {
        try {
            HttpRequest request = HttpRequest.newBuilder(uri)
                    .timeout(Duration.ofSeconds(5))
                    .header("Authorization", authorization)
                    .build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            Matcher value = VALUE.matcher(response.body());
            if (response.statusCode() != 200 || !value.find()) {
                return OptionalLong.empty();
            }
            long bytes = (long) Double.parseDouble(value.group(1));
            if (firstBytes.isEmpty()) {
                firstBytes = OptionalLong.of(bytes);
            }
            peakBytes = Math.max(peakBytes, bytes);
            return OptionalLong.of(bytes);
        } catch (java.io.IOException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }

    /** The first reading: before the load when it is read at the start, so growth shows against it. */
    OptionalLong firstBytes() {
        return firstBytes;
    }

    long peakBytes() {
        return peakBytes;
    }
}
