package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.rollup.RequestOutcome;
import org.jspecify.annotations.Nullable;

/**
 * Whether a request is good, as vLLM's benchmark judges it with {@code --goodput} ({@code calculate_metrics} in
 * {@code vllm/benchmarks/serve.py}): it ended ok and each given threshold is at least its measure. Its time per output
 * token is (E2E − TTFT) ÷ (output tokens − 1), as vLLM computes it; a source that sends no TTFT gives its
 * {@code tpotMs}, else the mean of its {@code itlMs}; with one output token or none it is 0. A measure the request
 * lacks (a span without TTFT) does not meet its threshold. Beyond vLLM's rule, an ok request stopped by its token
 * budget (finish reason {@code length}) is incomplete, not good. Latencies are judged as stored (single precision),
 * so a recount from the raw samples judges each request as ingest did.
 */
public final class GoodputRule {

    private GoodputRule() {}

    public static RequestOutcome outcome(RequestSample sample, GoodputSlo slo) {
        switch (sample.status()) {
            case ERROR -> {
                return RequestOutcome.ERROR;
            }
            case TIMEOUT -> {
                return RequestOutcome.TIMEOUT;
            }
            case CANCELLED -> {
                return RequestOutcome.CANCELLED;
            }
            case OK -> {
                // judged below
            }
        }
        if (FinishReason.LENGTH.equals(sample.finishReason())) {
            return RequestOutcome.INCOMPLETE;
        }
        if (!meets(stored(sample.ttftMs()), slo.ttftMs())) {
            return RequestOutcome.TTFT_BREACH;
        }
        if (slo.tpotMs() != null && !meets(tpotMs(sample), slo.tpotMs())) {
            return RequestOutcome.ITL_BREACH;
        }
        if (!meets(stored(sample.e2eMs()), slo.e2elMs())) {
            return RequestOutcome.E2E_BREACH;
        }
        return RequestOutcome.GOOD;
    }

    /** The request's time per output token in ms, null when its source gave nothing to compute it from. */
    static @Nullable Double tpotMs(RequestSample sample) {
        if (sample.outputTokens() <= 1) {
            return 0.0;
        }
        Double ttft = stored(sample.ttftMs());
        Double e2e = stored(sample.e2eMs());
        if (ttft != null && e2e != null) {
            return (e2e - ttft) / (sample.outputTokens() - 1);
        }
        if (sample.tpotMs() != null) {
            return stored(sample.tpotMs());
        }
        float[] gaps = sample.itlGapsMs();
        if (gaps != null && gaps.length > 0) {
            double sum = 0;
            for (float gap : gaps) {
                sum += gap;
            }
            return sum / gaps.length;
        }
        return null;
    }

    private static @Nullable Double stored(@Nullable Double ms) {
        return ms == null ? null : (double) ms.floatValue();
    }

    private static boolean meets(@Nullable Double measure, @Nullable Double thresholdMs) {
        return thresholdMs == null || (measure != null && measure <= thresholdMs);
    }
}
