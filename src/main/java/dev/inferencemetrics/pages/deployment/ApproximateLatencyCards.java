package dev.inferencemetrics.pages.deployment;

import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.Paragraph;
import dev.inferencemetrics.metrics.ApproximateFormat;
import dev.inferencemetrics.metrics.ApproximateLatency;
import dev.inferencemetrics.metrics.MetricFormat;
import java.util.List;
import java.util.Map;

/**
 * Latency read from scraped engine histograms, shown only when the deployment has no per-request source in the
 * window; every figure carries its bucket bounds and the source is named, so it is never taken for an exact one.
 */
class ApproximateLatencyCards extends Div {

    static final String SOURCE = "Source: the engines' latency histograms (scraped /metrics). No per-request data in"
            + " this window, so the cards above are empty; these figures are bucketed and approximate.";
    private static final Map<String, String> TITLES =
            Map.of("ttft", "Time to first token", "itl", "Inter-token latency", "e2e", "End-to-end latency");

    ApproximateLatencyCards() {
        addClassName("approximate-latency");
        setVisible(false);
    }

    void show(ApproximateLatency latency) {
        removeAll();
        setVisible(!latency.isEmpty());
        if (latency.isEmpty()) {
            return;
        }
        add(new H4("Approximate latency"), new Paragraph(SOURCE));
        for (String metric : List.of("ttft", "itl", "e2e")) {
            ApproximateLatency.Summary summary = latency.metrics().get(metric);
            if (summary != null) {
                Paragraph line = new Paragraph(
                        TITLES.get(metric) + " (" + MetricFormat.count(summary.count()) + " observations): p50 "
                                + ApproximateFormat.latency(summary.p50()) + " · p90 "
                                + ApproximateFormat.latency(summary.p90())
                                + " · p95 " + ApproximateFormat.latency(summary.p95()) + " · p99 "
                                + ApproximateFormat.latency(summary.p99()));
                line.addClassName("approximate-" + metric);
                add(line);
            }
        }
    }
}
