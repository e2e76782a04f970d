package dev.inferencemetrics.pages.deployment;

import dev.inferencemetrics.metrics.DeploymentMetrics;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * The series of a window without the interval that is still running: drawn as if complete, its counts and rates
 * would dip at the right edge of every chart.
 */
final class CompleteIntervals {

    private CompleteIntervals() {}

    static DeploymentMetrics.Series of(DeploymentMetrics metrics, Instant now) {
        DeploymentMetrics.Series series = metrics.series();
        long step = metrics.stepSeconds();
        return new DeploymentMetrics.Series(
                ended(series.ttft(), DeploymentMetrics.LatencyPoint::t, step, now),
                ended(series.itl(), DeploymentMetrics.LatencyPoint::t, step, now),
                ended(series.e2e(), DeploymentMetrics.LatencyPoint::t, step, now),
                ended(series.kvCache(), DeploymentMetrics.KvPoint::t, step, now),
                ended(series.throughput(), DeploymentMetrics.ThroughputPoint::t, step, now),
                ended(series.queue(), DeploymentMetrics.LatencyPoint::t, step, now));
    }

    /** The points whose interval of {@code stepSeconds} has ended by {@code now}: the one rule for every chart. */
    static <T> List<T> ended(List<T> points, Function<T, Instant> start, long stepSeconds, Instant now) {
        return points.stream()
                .filter(point -> !start.apply(point).plusSeconds(stepSeconds).isAfter(now))
                .toList();
    }
}
