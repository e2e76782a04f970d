package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.ingest.RequestSample;
import dev.inferencemetrics.ingest.SampleStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Requests resampled from one LLMPerf run: each draw takes a real request of the run (latencies, token counts,
 * failure) and scales its latencies by a small random factor, so that millions of draws spread like a busy
 * deployment instead of repeating 150 values.
 */
final class LlmperfRequests {

    private static final double TTFT_JITTER = 0.15;
    private static final double TPOT_JITTER = 0.10;
    private static final double GAP_JITTER = 0.30;

    private final List<Recorded> requests;

    private LlmperfRequests(List<Recorded> requests) {
        this.requests = List.copyOf(requests);
    }

    static LlmperfRequests load(Path dataset, String run) throws IOException {
        Path file = dataset.resolve(run + ".json");
        if (!Files.isRegularFile(file)) {
            throw new IOException("LLMPerf run not found: " + file.toAbsolutePath()
                    + " (set -Dbenchmark.dataset and -Dbenchmark.run)");
        }
        List<Recorded> requests = new ArrayList<>();
        for (JsonNode record : JsonMapper.shared().readTree(file.toFile())) {
            JsonNode errorCode = record.get("error_code");
            boolean ok = errorCode == null || errorCode.isNull();
            requests.add(new Recorded(
                    ok,
                    record.get("ttft_s").doubleValue() * 1_000,
                    record.get("inter_token_latency_s").doubleValue() * 1_000,
                    record.get("number_input_tokens").intValue(),
                    record.get("number_output_tokens").intValue()));
        }
        return new LlmperfRequests(requests);
    }

    /** One request that ended at {@code ts}; with {@code withGaps} it reports its token gaps instead of their mean. */
    RequestSample next(SplittableRandom random, Instant ts, boolean withGaps) {
        Recorded recorded = requests.get(random.nextInt(requests.size()));
        String requestId = requestId(random);
        if (!recorded.ok()) {
            // a rate-limited or failed request: no latencies, and no tokens the model processed
            return new RequestSample(requestId, ts, SampleStatus.ERROR, null, null, null, null, 0, 0, null);
        }
        double ttft = millis(recorded.ttftMs() * jitter(random, TTFT_JITTER));
        double tpot = millis(recorded.tpotMs() * jitter(random, TPOT_JITTER));
        int gapCount = Math.max(0, recorded.outputTokens() - 1);
        if (!withGaps) {
            double e2e = millis(ttft + tpot * gapCount);
            return new RequestSample(
                    requestId,
                    ts,
                    SampleStatus.OK,
                    ttft,
                    e2e,
                    tpot,
                    null,
                    recorded.inputTokens(),
                    recorded.outputTokens(),
                    null);
        }
        float[] gaps = new float[gapCount];
        double decode = 0;
        for (int i = 0; i < gapCount; i++) {
            gaps[i] = (float) millis(tpot * jitter(random, GAP_JITTER));
            decode += gaps[i];
        }
        return new RequestSample(
                requestId,
                ts,
                SampleStatus.OK,
                ttft,
                millis(ttft + decode),
                null,
                gaps,
                recorded.inputTokens(),
                recorded.outputTokens(),
                null);
    }

    /** Request ids as OpenAI-compatible servers such as vLLM make them: random, so index inserts are random too. */
    private static String requestId(SplittableRandom random) {
        HexFormat hex = HexFormat.of();
        return "chatcmpl-" + hex.toHexDigits(random.nextLong()) + hex.toHexDigits(random.nextLong());
    }

    private static double jitter(SplittableRandom random, double sigma) {
        return Math.exp(sigma * gaussian(random));
    }

    private static double gaussian(SplittableRandom random) {
        return Math.sqrt(-2 * Math.log(1 - random.nextDouble())) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** Whole microseconds, as a gateway's clock reports them and as a {@code real} column keeps them. */
    private static double millis(double value) {
        return Math.round(value * 1_000) / 1_000.0;
    }

    private record Recorded(boolean ok, double ttftMs, double tpotMs, int inputTokens, int outputTokens) {}
}
