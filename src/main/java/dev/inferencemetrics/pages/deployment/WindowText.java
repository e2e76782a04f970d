package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import java.time.Duration;
import java.time.Instant;

/** Says which window the cards and the compliance line cover, and the charts' interval. */
final class WindowText {

    private WindowText() {}

    static String of(DeploymentMetrics metrics, Instant now, PageTimeZone zone) {
        Instant end = metrics.to().isAfter(now) ? now : metrics.to();
        TimeLabels labels = new TimeLabels(zone);
        return "Figures for " + labels.span(metrics.from(), end) + " · "
                + interval(Duration.ofSeconds(metrics.stepSeconds())) + " intervals";
    }

    static String interval(Duration step) {
        if (step.toHours() >= 1 && step.toMinutesPart() == 0) {
            return step.toHours() + "-hour";
        }
        return step.toMinutes() + "-minute";
    }
}
