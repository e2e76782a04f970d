package dev.inferencemetrics.ingest;

import static dev.inferencemetrics.testing.HttpApi.INGEST_REQUESTS;
import static dev.inferencemetrics.testing.HttpApi.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.HttpApi.Answer;
import dev.inferencemetrics.testing.RequestSampleJson;
import java.io.ByteArrayInputStream;
import java.io.SequenceInputStream;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * How an ingest body is refused: 400 when malformed, 413 over the size and sample limits (after gzip too), 415 for
 * other media types and encodings. A refused body stores nothing.
 */
class IngestBodyAnswersIT extends ApiIntegrationTest {

    IngestBodyAnswersIT() {
        super("bodies");
    }

    private static final int MIB = 1024 * 1024;

    Stream<Arguments> malformedBodies() {
        return Stream.of(
                Arguments.of("truncated JSON", "{\"deployment\":\"%s\",\"samples\":["),
                Arguments.of("not JSON at all", "deployment=%s"),
                Arguments.of("an empty body", ""),
                Arguments.of("an array instead of an object", "[{\"deployment\":\"%s\"}]"),
                Arguments.of("a string instead of an object", "\"%s\""),
                Arguments.of("no deployment", "{\"samples\":[]}"),
                Arguments.of("a number as deployment", "{\"deployment\":42,\"samples\":[]}"),
                Arguments.of("a blank deployment", "{\"deployment\":\"  \",\"samples\":[]}"),
                Arguments.of("no samples", "{\"deployment\":\"%s\"}"),
                Arguments.of("samples as an object", "{\"deployment\":\"%s\",\"samples\":{\"requestId\":\"a\"}}"),
                Arguments.of(
                        "a NaN latency",
                        "{\"deployment\":\"%s\",\"samples\":[{\"requestId\":\"nan\",\"ts\":\"" + now()
                                + "\",\"ttftMs\":NaN,\"e2eMs\":100,\"inputTokens\":1,\"outputTokens\":1}]}"),
                Arguments.of(
                        "an Infinity latency",
                        "{\"deployment\":\"%s\",\"samples\":[{\"requestId\":\"inf\",\"ts\":\"" + now()
                                + "\",\"ttftMs\":10,\"e2eMs\":Infinity,\"inputTokens\":1,\"outputTokens\":1}]}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedBodies")
    void a_malformed_body_is_a_bad_request_and_stores_nothing(String what, String template) {
        String deployment = tenant.deployment("malformed-body-" + Math.abs(what.hashCode()));

        Answer answer = api.post(
                INGEST_REQUESTS, key, JSON, template.formatted(deployment).getBytes(StandardCharsets.UTF_8));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.header("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(answer.detail()).isNotBlank();
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_body_declared_over_5_mib_is_refused_before_it_is_read() {
        String deployment = tenant.deployment("too-large");

        Answer answer = api.post(INGEST_REQUESTS, key, JSON, paddedBatch(deployment, 5 * MIB + 1));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(413);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_streamed_body_over_5_mib_without_a_declared_length_is_refused_while_reading() {
        String deployment = tenant.deployment("too-large-chunked");
        byte[] body = paddedBatch(deployment, 5 * MIB + 1);

        Answer answer = api.post(
                INGEST_REQUESTS,
                key,
                JSON,
                BodyPublishers.ofInputStream(() -> new SequenceInputStream(
                        new ByteArrayInputStream(body, 0, MIB),
                        new ByteArrayInputStream(body, MIB, body.length - MIB))),
                Map.of());

        assertThat(answer.status()).as(answer.toString()).isEqualTo(413);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_body_of_just_under_5_mib_is_accepted() {
        String deployment = tenant.deployment("just-under-limit");

        Answer answer = api.post(INGEST_REQUESTS, key, JSON, paddedBatch(deployment, 5 * MIB));

        assertThat(api.accepted(answer).accepted()).isEqualTo(1);
        assertThat(tenant.storedRequestSamples(deployment)).isOne();
    }

    @Test
    void a_small_gzip_body_that_expands_past_5_mib_is_refused() {
        String deployment = tenant.deployment("gzip-bomb");
        byte[] bomb = HttpApi.gzip(paddedBatch(deployment, 6 * MIB));

        Answer answer = api.post(
                INGEST_REQUESTS, key, JSON, BodyPublishers.ofByteArray(bomb), Map.of("Content-Encoding", "gzip"));

        assertThat(bomb.length).isLessThan(64 * 1024);
        assertThat(answer.status()).as(answer.toString()).isEqualTo(413);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_batch_of_more_than_10000_samples_is_refused_and_nothing_is_stored() {
        String deployment = tenant.deployment("too-many");

        Answer answer = api.post(INGEST_REQUESTS, key, JSON, api.batch(deployment, samples(10_001)));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(413);
        assertThat(answer.detail()).contains("10000");
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_batch_of_exactly_10000_samples_is_accepted() {
        String deployment = tenant.deployment("ten-thousand");

        IngestResult result = api.ingestRequests(key, deployment, samples(10_000));

        assertThat(result.accepted()).isEqualTo(10_000);
        assertThat(tenant.storedRequestSamples(deployment)).isEqualTo(10_000);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "text/plain",
                "application/xml",
                "application/x-www-form-urlencoded",
                "application/json; charset=ISO-8859-1",
                "not a media type"
            })
    void a_body_that_is_not_utf8_json_is_an_unsupported_media_type(String contentType) {
        String deployment = tenant.deployment("media-type-" + Math.abs(contentType.hashCode()));

        Answer answer = api.post(INGEST_REQUESTS, key, contentType, api.batch(deployment, oneSample()));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(415);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_body_without_a_content_type_is_an_unsupported_media_type() {
        String deployment = tenant.deployment("no-media-type");

        Answer answer = api.post(INGEST_REQUESTS, key, null, api.batch(deployment, oneSample()));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(415);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"br", "deflate", "compress", "zstd"})
    void a_content_encoding_other_than_gzip_is_an_unsupported_media_type(String encoding) {
        String deployment = tenant.deployment("encoding-" + encoding);

        Answer answer = api.post(
                INGEST_REQUESTS,
                key,
                JSON,
                BodyPublishers.ofByteArray(api.batch(deployment, oneSample())),
                Map.of("Content-Encoding", encoding));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(415);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void a_gzip_body_is_accepted_and_stored() {
        String deployment = tenant.deployment("gzip");
        byte[] body = HttpApi.gzip(api.batch(deployment, samples(3)));

        Answer answer = api.post(
                INGEST_REQUESTS,
                key,
                "application/json; charset=utf-8",
                BodyPublishers.ofByteArray(body),
                Map.of("Content-Encoding", "gzip"));

        assertThat(api.accepted(answer).accepted()).isEqualTo(3);
        assertThat(tenant.storedRequestIds(deployment)).containsExactly("r-0", "r-1", "r-2");
    }

    @Test
    void a_body_that_is_not_gzip_despite_its_content_encoding_is_a_bad_request() {
        String deployment = tenant.deployment("not-gzip");

        Answer answer = api.post(
                INGEST_REQUESTS,
                key,
                JSON,
                BodyPublishers.ofByteArray(api.batch(deployment, oneSample())),
                Map.of("Content-Encoding", "gzip"));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    @Test
    void an_empty_gzip_body_is_a_bad_request() {
        String deployment = tenant.deployment("empty-gzip");

        Answer answer = api.post(
                INGEST_REQUESTS,
                key,
                JSON,
                BodyPublishers.ofByteArray(new byte[0]),
                Map.of("Content-Encoding", "gzip"));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    }

    @Test
    void a_truncated_gzip_body_is_a_bad_request() {
        String deployment = tenant.deployment("truncated-gzip");
        byte[] gzip = HttpApi.gzip(api.batch(deployment, samples(50)));

        Answer answer = api.post(
                INGEST_REQUESTS,
                key,
                JSON,
                BodyPublishers.ofByteArray(Arrays.copyOf(gzip, gzip.length / 2)),
                Map.of("Content-Encoding", "gzip"));

        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(tenant.storedRequestSamples(deployment)).isZero();
    }

    private Instant now() {
        return clock.instant();
    }

    private List<RequestSampleJson> oneSample() {
        return samples(1);
    }

    private List<RequestSampleJson> samples(int n) {
        Instant ts = now().minusSeconds(60);
        return IntStream.range(0, n)
                .mapToObj(i -> RequestSampleJson.ok("r-" + i, ts.plusMillis(i)))
                .toList();
    }

    /** A batch of one valid sample, padded with whitespace (valid JSON) to exactly {@code bytes}. */
    private byte[] paddedBatch(String deployment, int bytes) {
        byte[] batch = api.batch(deployment, oneSample());
        byte[] padded = new byte[bytes];
        Arrays.fill(padded, (byte) ' ');
        System.arraycopy(batch, 0, padded, 0, batch.length - 1);
        padded[bytes - 1] = '}';
        return padded;
    }
}
