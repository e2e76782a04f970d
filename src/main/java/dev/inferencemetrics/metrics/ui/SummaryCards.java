package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.html.Div;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.MetricDefinitions;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.SloState;

/** The four cards across the top of the Metrics tab: TTFT, ITL, E2E and KV cache. */
class SummaryCards extends Div {

    final MetricCard ttft = new MetricCard("TTFT", MetricDefinitions.TTFT);
    final MetricCard itl = new MetricCard("ITL", MetricDefinitions.ITL);
    final MetricCard e2e = new MetricCard("E2E", MetricDefinitions.E2E);
    final MetricCard kvCache = new MetricCard("KV Cache", MetricDefinitions.KV_CACHE);

    SummaryCards() {
        addClassName("summary-cards");
        add(ttft, itl, e2e, kvCache);
    }

    void show(Summary summary) {
        double ttftSlo = summary.slo().ttftP95Ms();
        double itlSlo = summary.slo().itlP95Ms();
        showLatency(ttft, summary.ttft(), SloState.of(summary.ttft().p95(), ttftSlo), sloLine(summary.ttft(), ttftSlo));
        showLatency(itl, summary.itl(), SloState.of(summary.itl().p95(), itlSlo), sloLine(summary.itl(), itlSlo));
        showLatency(
                e2e,
                summary.e2e(),
                SloState.NO_DATA,
                "p95 " + MetricFormat.latency(summary.e2e().p95()));
        kvCache.show(
                MetricFormat.percent(summary.kvCache().mean()),
                SloState.NO_DATA,
                "mean usage",
                "Peak " + MetricFormat.percent(summary.kvCache().peak()));
    }

    private static void showLatency(MetricCard card, LatencySummary latency, SloState state, String sloLine) {
        card.show(
                MetricFormat.latency(latency.p50()),
                state,
                "p50",
                "Tail " + MetricFormat.ratio(latency.tail()),
                "Max P99 " + MetricFormat.latency(latency.maxP99()),
                sloLine);
    }

    private static String sloLine(LatencySummary latency, double threshold) {
        return "p95 " + MetricFormat.latency(latency.p95()) + " · SLO " + MetricFormat.latency(threshold);
    }
}
