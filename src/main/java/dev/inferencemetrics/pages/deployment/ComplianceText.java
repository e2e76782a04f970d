package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.MetricFormat;

/** The SLO compliance line under the charts. */
final class ComplianceText {

    private ComplianceText() {}

    static String of(DeploymentMetrics.SloCompliance slo) {
        return "SLO compliance over the window: " + MetricFormat.share(slo.ttftWithin()) + " of requests within TTFT "
                + MetricFormat.latency(slo.ttftP95Ms()) + " · " + MetricFormat.share(slo.itlWithin())
                + " of token gaps within ITL " + MetricFormat.latency(slo.itlP95Ms());
    }
}
