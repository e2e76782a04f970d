package dev.inferencemetrics.ingest;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One request as a gateway reported it, already validated. ITL comes either as the token gaps ({@code itlGapsMs})
 * or as their mean ({@code tpotMs}), which then stands for {@code outputTokens − 1} gaps. {@code queueMs}, the time
 * spent waiting before scheduling, and {@code finishReason} ({@link FinishReason}) are optional from every source.
 */
public record RequestSample(
        String requestId,
        Instant ts,
        SampleStatus status,
        @Nullable Double ttftMs,
        @Nullable Double e2eMs,
        @Nullable Double tpotMs,
        float @Nullable [] itlGapsMs,
        int inputTokens,
        int outputTokens,
        @Nullable Double queueMs,
        @Nullable String finishReason) {

    /** A sample without a finish reason, as most sources send it. */
    public RequestSample(
            String requestId,
            Instant ts,
            SampleStatus status,
            @Nullable Double ttftMs,
            @Nullable Double e2eMs,
            @Nullable Double tpotMs,
            float @Nullable [] itlGapsMs,
            int inputTokens,
            int outputTokens,
            @Nullable Double queueMs) {
        this(requestId, ts, status, ttftMs, e2eMs, tpotMs, itlGapsMs, inputTokens, outputTokens, queueMs, null);
    }

    /** The same sample with its finish reason in stored form. */
    RequestSample withFinishReason(@Nullable String reason) {
        return new RequestSample(
                requestId, ts, status, ttftMs, e2eMs, tpotMs, itlGapsMs, inputTokens, outputTokens, queueMs, reason);
    }

    /** The number of token gaps the mean ITL stands for. */
    long tpotGapCount() {
        return Math.max(0, outputTokens - 1L);
    }
}
