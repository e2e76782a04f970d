package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.html.Div;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.MetricDefinitions;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.SloState;
import java.time.Duration;

/** The cards across the top of the Metrics tab: TTFT, ITL, E2E, KV cache, errors and token throughput. */
class SummaryCards extends Div {

    private static final String TAIL_AND_MAX = " " + MetricDefinitions.TAIL + " " + MetricDefinitions.MAX_P99;

    final MetricCard ttft = new MetricCard("TTFT", MetricDefinitions.TTFT + TAIL_AND_MAX);
    final MetricCard itl = new MetricCard("ITL", MetricDefinitions.ITL + TAIL_AND_MAX);
    final MetricCard e2e = new MetricCard("E2E", MetricDefinitions.E2E + TAIL_AND_MAX);
    final MetricCard kvCache = new MetricCard("KV Cache", MetricDefinitions.KV_CACHE);
    final MetricCard errors = new MetricCard("Errors", MetricDefinitions.ERRORS);
    final MetricCard throughput = new MetricCard("Tokens", MetricDefinitions.THROUGHPUT);

    SummaryCards() {
        addClassName("summary-cards");
        add(ttft, itl, e2e, kvCache, errors, throughput);
    }

    /** Input and output tokens per second of the window ({@code length} long), apart and together. */
    void showThroughput(Summary summary, Duration length) {
        double seconds = length.toSeconds();
        double input = summary.inputTokens() / seconds;
        double output = summary.outputTokens() / seconds;
        throughput.show(
                MetricFormat.rate(output),
                SloState.NO_DATA,
                "output tokens/s",
                "Input tokens/s " + MetricFormat.rate(input),
                "Input + output tokens/s " + MetricFormat.rate(input + output));
    }

    /** The window's figures; {@code step} is the charts' interval, at which Max P99 is taken. */
    void show(Summary summary, Duration step) {
        String interval = WindowText.interval(step);
        double ttftSlo = summary.slo().ttftP95Ms();
        double itlSlo = summary.slo().itlP95Ms();
        showLatency(
                ttft,
                summary.ttft(),
                SloState.of(summary.ttft().p95(), ttftSlo),
                interval,
                sloLine(summary.ttft(), ttftSlo));
        showLatency(
                itl, summary.itl(), SloState.of(summary.itl().p95(), itlSlo), interval, sloLine(summary.itl(), itlSlo));
        showLatency(
                e2e,
                summary.e2e(),
                SloState.NO_DATA,
                interval,
                "p95 " + MetricFormat.latency(summary.e2e().p95()));
        kvCache.show(
                MetricFormat.percent(summary.kvCache().mean()),
                SloState.NO_DATA,
                "mean usage",
                "Peak " + MetricFormat.percent(summary.kvCache().peak()));
        showErrors(summary);
    }

    private void showErrors(Summary summary) {
        long requests = summary.requests();
        double limit = summary.slo().errorRateLimitPct();
        errors.show(
                requests == 0 ? MetricFormat.NO_DATA : MetricFormat.percent(100.0 * summary.errors() / requests),
                SloState.ofErrors(requests, summary.errors(), limit),
                "error rate",
                MetricFormat.count(summary.errors()) + " of " + MetricFormat.count(requests) + " requests not ok"
                        + summary.errorsByStatus()
                                .top()
                                .map(top -> " · top: " + top)
                                .orElse(""),
                "Limit " + MetricFormat.percent(limit));
    }

    private static void showLatency(
            MetricCard card, LatencySummary latency, SloState state, String interval, String sloLine) {
        card.show(
                MetricFormat.latency(latency.p50()),
                state,
                "p50",
                "Tail " + MetricFormat.ratio(latency.tail()),
                "Max " + interval + " P99 " + MetricFormat.latency(latency.maxP99()),
                sloLine);
    }

    private static String sloLine(LatencySummary latency, double threshold) {
        return "p95 " + MetricFormat.latency(latency.p95()) + " · SLO " + MetricFormat.latency(threshold);
    }
}
