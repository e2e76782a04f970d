package dev.inferencemetrics.compare;

import dev.inferencemetrics.compare.Delta.Better;
import dev.inferencemetrics.metrics.MergedWindow;
import dev.inferencemetrics.rollup.DimensionValue;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Two sides and their deltas (B against A). Latency rows come first (p50, p95, p99 of TTFT, ITL, E2E and of queue
 * time when either side reported it), then throughput (requests/s, input and output tokens/s apart), error rate,
 * KV-cache mean and goodput (good requests/s, goodput %, token goodput %).
 */
public record Comparison(Side a, Side b, List<Delta> deltas) {

    static final String RANK_TEST = "95 % rank intervals ±1 % sketch accuracy, no overlap";
    static final String PROPORTION_TEST = "two-proportion z-test, 95 %";
    static final String RATE_TEST = "Poisson rate test, 95 %";

    private static final double[] QUANTILES = {0.5, 0.95, 0.99};
    private static final String[] QUANTILE_NAMES = {"p50", "p95", "p99"};

    public Comparison {
        deltas = List.copyOf(deltas);
    }

    static Comparison of(MergedWindow windowA, MergedWindow windowB) {
        return of(windowA, null, windowB, null);
    }

    /** Each side's window of the requests its filter covers (null: all of its deployment's). */
    static Comparison of(
            MergedWindow windowA,
            @Nullable DimensionValue filterA,
            MergedWindow windowB,
            @Nullable DimensionValue filterB) {
        Side a = Side.of(windowA, filterA);
        Side b = Side.of(windowB, filterB);
        RequestRollup totalsA = windowA.totals();
        RequestRollup totalsB = windowB.totals();
        List<Delta> deltas = new ArrayList<>();
        latencyRows(deltas, "ttft", "TTFT", RequestRollup::ttft, totalsA, totalsB);
        latencyRows(deltas, "itl", "ITL", RequestRollup::itl, totalsA, totalsB);
        latencyRows(deltas, "e2e", "E2E", RequestRollup::e2e, totalsA, totalsB);
        if (a.queue() != null || b.queue() != null) {
            latencyRows(deltas, "queue", "Queue", RequestRollup::queue, totalsA, totalsB);
        }
        deltas.add(Delta.of(
                "requestsPerSecond",
                "Requests/s",
                "req/s",
                a.requestsPerSecond(),
                b.requestsPerSecond(),
                Better.NEITHER,
                NoiseRule.rates(
                        a.requests(),
                        windowA.length().getSeconds(),
                        b.requests(),
                        windowB.length().getSeconds()),
                RATE_TEST));
        deltas.add(Delta.of(
                "inputTokensPerSecond",
                "Input tokens/s",
                "tok/s",
                a.inputTokensPerSecond(),
                b.inputTokensPerSecond(),
                Better.NEITHER,
                Verdict.NOT_TESTED,
                null));
        deltas.add(Delta.of(
                "outputTokensPerSecond",
                "Output tokens/s",
                "tok/s",
                a.outputTokensPerSecond(),
                b.outputTokensPerSecond(),
                Better.NEITHER,
                Verdict.NOT_TESTED,
                null));
        deltas.add(Delta.of(
                "errorRate",
                "Error rate",
                "ratio",
                a.errorRate(),
                b.errorRate(),
                Better.LOWER,
                NoiseRule.proportions(a.errors(), a.requests(), b.errors(), b.requests()),
                PROPORTION_TEST));
        deltas.add(Delta.of(
                "kvCacheMean",
                "KV cache mean",
                "%",
                a.kvCacheMean(),
                b.kvCacheMean(),
                Better.NEITHER,
                Verdict.NOT_TESTED,
                null));
        goodputRows(
                deltas, a, b, windowA.length().getSeconds(), windowB.length().getSeconds());
        return new Comparison(a, b, deltas);
    }

    /**
     * Good requests/s (by the rate test, like all requests/s, and better higher), goodput % (by the proportion test
     * on good of judged requests) and token goodput % (tokens of one request are not independent: not tested).
     */
    private static void goodputRows(List<Delta> deltas, Side a, Side b, long secondsA, long secondsB) {
        deltas.add(Delta.of(
                "goodRequestsPerSecond",
                "Good requests/s",
                "req/s",
                a.goodRequestsPerSecond(),
                b.goodRequestsPerSecond(),
                Better.HIGHER,
                NoiseRule.rates(a.goodRequests(), secondsA, b.goodRequests(), secondsB),
                RATE_TEST));
        deltas.add(Delta.of(
                "goodputPct",
                "Goodput",
                "%",
                a.goodputPct(),
                b.goodputPct(),
                Better.HIGHER,
                NoiseRule.proportions(a.goodRequests(), a.countedRequests(), b.goodRequests(), b.countedRequests()),
                PROPORTION_TEST));
        deltas.add(Delta.of(
                "tokenGoodputPct",
                "Token goodput",
                "%",
                a.tokenGoodputPct(),
                b.tokenGoodputPct(),
                Better.HIGHER,
                Verdict.NOT_TESTED,
                null));
    }

    private static void latencyRows(
            List<Delta> deltas,
            String metric,
            String label,
            Function<RequestRollup, LatencySketch> sketch,
            RequestRollup a,
            RequestRollup b) {
        LatencySketch sketchA = sketch.apply(a);
        LatencySketch sketchB = sketch.apply(b);
        for (int i = 0; i < QUANTILES.length; i++) {
            deltas.add(Delta.of(
                    metric + "." + QUANTILE_NAMES[i],
                    label + " " + QUANTILE_NAMES[i],
                    "ms",
                    boxed(sketchA, QUANTILES[i]),
                    boxed(sketchB, QUANTILES[i]),
                    Better.LOWER,
                    NoiseRule.percentile(sketchA, sketchB, QUANTILES[i]),
                    RANK_TEST));
        }
    }

    private static @Nullable Double boxed(LatencySketch sketch, double q) {
        return sketch.isEmpty() ? null : sketch.quantile(q).orElseThrow();
    }
}
