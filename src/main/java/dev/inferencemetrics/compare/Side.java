package dev.inferencemetrics.compare;

import dev.inferencemetrics.metrics.MergedWindow;
import dev.inferencemetrics.rollup.RequestRollup;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One side of a comparison: a deployment over a window (as snapped to whole steps). Rates are per second of the
 * window, input and output tokens apart; the error rate is the share of requests that did not end ok; queue is null when no request reported it.
 */
public record Side(
        String deployment,
        Instant from,
        Instant to,
        long requests,
        long errors,
        @Nullable Double errorRate,
        double requestsPerSecond,
        double inputTokensPerSecond,
        double outputTokensPerSecond,
        @Nullable Double kvCacheMean,
        LatencyFigures ttft,
        LatencyFigures itl,
        LatencyFigures e2e,
        @Nullable LatencyFigures queue) {

    static Side of(MergedWindow window) {
        RequestRollup totals = window.totals();
        double seconds = window.length().getSeconds();
        return new Side(
                window.deployment(),
                window.from(),
                window.to(),
                totals.requests(),
                totals.failedRequests(),
                totals.requests() == 0 ? null : (double) totals.failedRequests() / totals.requests(),
                totals.requests() / seconds,
                totals.inputTokens() / seconds,
                totals.outputTokens() / seconds,
                window.kvCache().mean(),
                LatencyFigures.of(totals.ttft()),
                LatencyFigures.of(totals.itl()),
                LatencyFigures.of(totals.e2e()),
                totals.queue().isEmpty() ? null : LatencyFigures.of(totals.queue()));
    }
}
