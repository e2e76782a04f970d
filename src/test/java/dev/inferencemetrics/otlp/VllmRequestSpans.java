package dev.inferencemetrics.otlp;

import dev.inferencemetrics.testing.SentRequests;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;

/**
 * vLLM's request spans as the OpenTelemetry SDK ends them (latencies in seconds, vLLM's attribute names), drawn from a
 * seeded random source, each recorded in what the test sent.
 */
final class VllmRequestSpans {

    private final Tracer tracer;
    private final SplittableRandom random;

    VllmRequestSpans(Tracer tracer, long seed) {
        this.tracer = tracer;
        this.random = new SplittableRandom(seed);
    }

    /** Ends one request span starting at {@code ts}; an ok one's queue time goes to {@code queue} (ms). */
    void end(String requestId, Instant ts, boolean failed, SentRequests sent, List<Double> queue) {
        int prompt = 20 + random.nextInt(4_000);
        int completion = 1 + random.nextInt(800);
        double queueS = random.nextDouble() < 0.7 ? 0.0005 * random.nextDouble() : 2 * random.nextDouble();
        double ttftS = queueS + 0.02 + Math.exp(random.nextGaussian() * 0.6) * 0.05;
        double tpotS = 0.012 + Math.exp(random.nextGaussian() * 0.4) * 0.008;
        double decodeS = tpotS * (completion - 1);
        double e2eS = ttftS + decodeS + 0.001;
        Span span = tracer.spanBuilder("llm_request")
                .setSpanKind(SpanKind.SERVER)
                .setStartTimestamp(ts)
                .startSpan();
        span.setAttribute("gen_ai.response.model", "Qwen/Qwen3-8B");
        span.setAttribute("gen_ai.request.id", requestId);
        span.setAttribute("gen_ai.usage.prompt_tokens", prompt);
        span.setAttribute("gen_ai.usage.completion_tokens", completion);
        span.setAttribute("gen_ai.latency.time_in_queue", queueS);
        span.setAttribute("gen_ai.latency.time_to_first_token", ttftS);
        span.setAttribute("gen_ai.latency.e2e", e2eS);
        span.setAttribute("gen_ai.latency.time_in_model_prefill", ttftS - queueS);
        span.setAttribute("gen_ai.latency.time_in_model_decode", decodeS);
        if (failed) {
            span.setStatus(StatusCode.ERROR);
            sent.failed(ts, prompt, completion);
        } else {
            sent.ok(ts, ttftS * 1_000, e2eS * 1_000, decodeS * 1_000 / (completion - 1), prompt, completion);
            queue.add(queueS * 1_000);
        }
        span.end(ts.plusNanos((long) (e2eS * 1e9)));
    }
}
