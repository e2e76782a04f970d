package dev.inferencemetrics.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.IngestResult;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The application's HTTP API as a gateway, billing client or script calls it: real requests to the running server. */
public final class HttpApi {

    public static final String INGEST_REQUESTS = "/api/v1/ingest/requests";
    public static final String INGEST_KV_CACHE = "/api/v1/ingest/kv-cache";
    public static final String JSON = "application/json";

    private final String base;
    private final JsonMapper json;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    public HttpApi(int port, JsonMapper json) {
        this.base = "http://localhost:" + port;
        this.json = json;
    }

    /** The body of an ingest call. */
    public byte[] batch(String deployment, List<? extends SampleJson> samples) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("deployment", deployment);
        body.put("samples", samples.stream().map(SampleJson::toJson).toList());
        return json.writeValueAsBytes(body);
    }

    public IngestResult ingestRequests(String key, String deployment, List<RequestSampleJson> samples) {
        return accepted(post(INGEST_REQUESTS, key, JSON, batch(deployment, samples)));
    }

    public IngestResult ingestKvCache(String key, String deployment, List<KvReadingJson> readings) {
        return accepted(post(INGEST_KV_CACHE, key, JSON, batch(deployment, readings)));
    }

    public IngestResult accepted(Answer answer) {
        assertThat(answer.status()).as("ingest answer %s", answer.body()).isEqualTo(200);
        return answer.as(IngestResult.class);
    }

    public Answer post(String path, @Nullable String key, @Nullable String contentType, byte[] body) {
        return post(path, key, contentType, BodyPublishers.ofByteArray(body), Map.of());
    }

    public Answer post(
            String path,
            @Nullable String key,
            @Nullable String contentType,
            BodyPublisher body,
            Map<String, String> headers) {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(URI.create(base + path)).POST(body);
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        return send(authorised(request, key), headers);
    }

    /** A JSON PUT, as the alerting API's changes are. */
    public Answer put(String path, @Nullable String key, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .PUT(BodyPublishers.ofByteArray(body))
                .header("Content-Type", JSON);
        return send(authorised(request, key), Map.of());
    }

    public DeploymentMetrics metrics(String key, String deployment, Instant from, Instant to, @Nullable String step) {
        Answer answer = metricsAnswer(key, deployment, from, to, step);
        assertThat(answer.status()).as("metrics answer %s", answer.body()).isEqualTo(200);
        return answer.as(DeploymentMetrics.class);
    }

    public Answer metricsAnswer(
            @Nullable String key, String deployment, Instant from, Instant to, @Nullable String step) {
        String query = "from=" + encode(from.toString()) + "&to=" + encode(to.toString())
                + (step == null ? "" : "&step=" + encode(step));
        return get("/api/v1/deployments/" + deployment + "/metrics?" + query, key);
    }

    public Answer get(String pathAndQuery, @Nullable String key) {
        return send(
                authorised(
                        HttpRequest.newBuilder(URI.create(base + pathAndQuery)).GET(), key),
                Map.of());
    }

    public Answer delete(String pathAndQuery, @Nullable String key) {
        return send(
                authorised(
                        HttpRequest.newBuilder(URI.create(base + pathAndQuery)).DELETE(), key),
                Map.of());
    }

    /** Sends {@code Authorization} exactly as given, for keys that are not bearer tokens. */
    public Answer getWithAuthorization(String pathAndQuery, String authorization) {
        return send(
                HttpRequest.newBuilder(URI.create(base + pathAndQuery)).GET().header("Authorization", authorization),
                Map.of());
    }

    public static byte[] gzip(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static HttpRequest.Builder authorised(HttpRequest.Builder request, @Nullable String key) {
        return key == null ? request : request.header("Authorization", "Bearer " + key);
    }

    private Answer send(HttpRequest.Builder request, Map<String, String> headers) {
        headers.forEach(request::header);
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response, json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** A response: status, body and headers, with the body readable as JSON. */
    public static final class Answer {
        private final HttpResponse<String> response;
        private final JsonMapper json;

        Answer(HttpResponse<String> response, JsonMapper json) {
            this.response = response;
            this.json = json;
        }

        public int status() {
            return response.statusCode();
        }

        public String body() {
            return response.body();
        }

        public Optional<String> header(String name) {
            return response.headers().firstValue(name);
        }

        public JsonNode json() {
            return json.readTree(body());
        }

        public <T> T as(Class<T> type) {
            return json.readValue(body(), type);
        }

        /** The {@code detail} of a problem answer. */
        public String detail() {
            return json().path("detail").asString();
        }

        @Override
        public String toString() {
            return status() + " " + body();
        }
    }
}
