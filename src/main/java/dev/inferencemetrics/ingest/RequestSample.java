package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.Dimension;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One request as a gateway reported it, already validated. ITL comes either as the token gaps ({@code itlGapsMs})
 * or as their mean ({@code tpotMs}), which then stands for {@code outputTokens − 1} gaps. {@code queueMs}, the time
 * spent waiting before scheduling, and {@code finishReason} ({@link FinishReason}) are optional from every source, as
 * are the request's {@code consumer}, {@code adapter} and {@code priority} (see {@link
 * dev.inferencemetrics.rollup.Dimension}).
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
        @Nullable String finishReason,
        @Nullable String consumer,
        @Nullable String adapter,
        @Nullable String priority) {

    /** A sample without dimensions. */
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
            @Nullable Double queueMs,
            @Nullable String finishReason) {
        this(
                requestId,
                ts,
                status,
                ttftMs,
                e2eMs,
                tpotMs,
                itlGapsMs,
                inputTokens,
                outputTokens,
                queueMs,
                finishReason,
                null,
                null,
                null);
    }

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
                requestId,
                ts,
                status,
                ttftMs,
                e2eMs,
                tpotMs,
                itlGapsMs,
                inputTokens,
                outputTokens,
                queueMs,
                reason,
                consumer,
                adapter,
                priority);
    }

    /** The same sample served for {@code consumer}, with {@code adapter} at {@code priority} (each may be null). */
    public RequestSample withDimensions(
            @Nullable String consumer, @Nullable String adapter, @Nullable String priority) {
        return new RequestSample(
                requestId,
                ts,
                status,
                ttftMs,
                e2eMs,
                tpotMs,
                itlGapsMs,
                inputTokens,
                outputTokens,
                queueMs,
                finishReason,
                consumer,
                adapter,
                priority);
    }

    /** The value of one dimension, or null when the source named none. */
    public @Nullable String valueOf(Dimension dimension) {
        return switch (dimension) {
            case CONSUMER -> consumer;
            case ADAPTER -> adapter;
            case PRIORITY -> priority;
        };
    }

    /** Whether the source named any dimension of the request. */
    boolean hasDimensions() {
        return consumer != null || adapter != null || priority != null;
    }

    /** The number of token gaps the mean ITL stands for. */
    long tpotGapCount() {
        return Math.max(0, outputTokens - 1L);
    }
}
