package dev.inferencemetrics.compare;

import dev.inferencemetrics.metrics.MergedWindow;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.GoodputTally;
import dev.inferencemetrics.rollup.RequestRollup;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One side of a comparison: a deployment's requests, or those of one value of a dimension, over a window (as snapped
 * to whole steps). Rates are per second of the
 * window, input and output tokens apart; the error rate is the share of requests that did not end ok; queue is null
 * when no request reported it. Goodput is exact, counted per request at ingest: the requests judged against the
 * goodput SLO and the good ones among them, good requests per second, goodput % (good ÷ judged) and token goodput %
 * (output tokens of good requests ÷ all output tokens of the judged requests), the shares null without any.
 */
public record Side(
        String deployment,
        Instant from,
        Instant to,

        @Schema(description = "consumer, adapter or priority when the side covers one value's requests; null for all")
        @Nullable
        String dimension,

        @Schema(description = "the value of the dimension whose requests the side covers; null for all") @Nullable
        String value,

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
        @Nullable LatencyFigures queue,

        @Schema(
                description = "requests judged against the goodput SLO at ingest (all, unless stored before goodput was"
                        + " counted)")
        long countedRequests,

        @Schema(description = "judged requests that ended ok and met every threshold of the goodput SLO")
        long goodRequests,

        @Schema(description = "good requests ÷ the window's seconds")
        double goodRequestsPerSecond,

        @Schema(description = "good ÷ judged requests × 100; null without judged requests") @Nullable
        Double goodputPct,

        @Schema(
                description = "output tokens of good requests ÷ all output tokens of the judged requests"
                        + " (failed and cancelled included) × 100; null without any")
        @Nullable
        Double tokenGoodputPct) {

    static Side of(MergedWindow window, @Nullable DimensionValue filter) {
        RequestRollup totals = window.totals();
        double seconds = window.length().getSeconds();
        GoodputTally goodput = totals.goodput();
        return new Side(
                window.deployment(),
                window.from(),
                window.to(),
                filter == null ? null : filter.dimension().code(),
                filter == null ? null : filter.value(),
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
                totals.queue().isEmpty() ? null : LatencyFigures.of(totals.queue()),
                goodput.counted(),
                goodput.good(),
                goodput.good() / seconds,
                percent(goodput.good(), goodput.counted()),
                percent(goodput.goodOutputTokens(), goodput.countedOutputTokens()));
    }

    private static @Nullable Double percent(long part, long whole) {
        return whole == 0 ? null : 100.0 * part / whole;
    }
}
