package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.DeploymentMetrics.ThroughputPoint;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.SentRequests;
import dev.inferencemetrics.testing.SentRequests.Totals;
import dev.inferencemetrics.testing.TimedObservations;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.LongStream;

/**
 * Holds a {@code /metrics} answer against the exact statistics of what was sent: the window snapped outward to whole
 * steps, the accuracy contract for every percentile of every interval and of the window, and exact totals.
 */
public final class MetricsAccuracy {

    private static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99};

    private MetricsAccuracy() {}

    public static void assertMatches(
            DeploymentMetrics answer, SentRequests sent, Instant requestedFrom, Instant requestedTo, long stepSeconds) {
        String window = answer.deployment() + " " + requestedFrom + ".." + requestedTo + " step " + stepSeconds;
        assertSnappedOutward(answer, requestedFrom, requestedTo, stepSeconds, window);
        assertLatency(answer, sent, "TTFT", SentRequests::ttft, DeploymentMetrics.Series::ttft, window);
        assertLatency(answer, sent, "ITL", SentRequests::itl, DeploymentMetrics.Series::itl, window);
        assertLatency(answer, sent, "E2E", SentRequests::e2e, DeploymentMetrics.Series::e2e, window);
        assertLatencySummary(answer.summary().ttft(), answer.series().ttft(), sent.ttft(), answer, "TTFT " + window);
        assertLatencySummary(answer.summary().itl(), answer.series().itl(), sent.itl(), answer, "ITL " + window);
        assertLatencySummary(answer.summary().e2e(), answer.series().e2e(), sent.e2e(), answer, "E2E " + window);
        assertTotals(answer, sent, window);
    }

    private static void assertSnappedOutward(
            DeploymentMetrics answer, Instant requestedFrom, Instant requestedTo, long stepSeconds, String window) {
        Duration step = Duration.ofSeconds(stepSeconds);
        assertThat(answer.stepSeconds()).as("step of %s", window).isEqualTo(stepSeconds);
        assertThat(answer.from())
                .as("from of %s", window)
                .isBeforeOrEqualTo(requestedFrom)
                .isAfter(requestedFrom.minus(step));
        assertThat(answer.to())
                .as("to of %s", window)
                .isAfterOrEqualTo(requestedTo)
                .isBefore(requestedTo.plus(step));
        assertThat(answer.from().getEpochSecond() % stepSeconds)
                .as("from is a whole step")
                .isZero();
        assertThat(answer.to().getEpochSecond() % stepSeconds)
                .as("to is a whole step")
                .isZero();
        assertThat(answer.from().getNano() + answer.to().getNano()).isZero();
        long points = Duration.between(answer.from(), answer.to()).getSeconds() / stepSeconds;
        List<Instant> starts = LongStream.range(0, points)
                .mapToObj(i -> answer.from().plusSeconds(i * stepSeconds))
                .toList();
        assertThat(answer.series().ttft()).extracting(LatencyPoint::t).containsExactlyElementsOf(starts);
        assertThat(answer.series().itl()).extracting(LatencyPoint::t).containsExactlyElementsOf(starts);
        assertThat(answer.series().e2e()).extracting(LatencyPoint::t).containsExactlyElementsOf(starts);
        assertThat(answer.series().kvCache())
                .extracting(DeploymentMetrics.KvPoint::t)
                .containsExactlyElementsOf(starts);
        assertThat(answer.series().throughput()).extracting(ThroughputPoint::t).containsExactlyElementsOf(starts);
    }

    private static void assertLatency(
            DeploymentMetrics answer,
            SentRequests sent,
            String metric,
            Function<SentRequests, TimedObservations> observations,
            Function<DeploymentMetrics.Series, List<LatencyPoint>> series,
            String window) {
        for (LatencyPoint point : series.apply(answer.series())) {
            Instant end = point.t().plusSeconds(answer.stepSeconds());
            double[] exact = observations.apply(sent).sortedBetween(point.t(), end);
            assertPercentiles(
                    exact,
                    point.count(),
                    point.p50(),
                    point.p90(),
                    point.p95(),
                    point.p99(),
                    metric + " interval " + point.t() + " of " + window);
        }
    }

    private static void assertLatencySummary(
            LatencySummary summary,
            List<LatencyPoint> series,
            TimedObservations observations,
            DeploymentMetrics answer,
            String what) {
        double[] exact = observations.sortedBetween(answer.from(), answer.to());
        assertPercentiles(exact, summary.count(), summary.p50(), summary.p90(), summary.p95(), summary.p99(), what);
        if (exact.length == 0) {
            assertThat(summary.tail()).isNull();
            assertThat(summary.maxP99()).isNull();
            return;
        }
        if (summary.p50() > 0) {
            assertThat(summary.tail()).as("tail of %s", what).isCloseTo(summary.p99() / summary.p50(), within(1e-9));
        }
        assertThat(summary.maxP99())
                .as("max p99 of %s", what)
                .isEqualTo(series.stream()
                        .map(LatencyPoint::p99)
                        .filter(Objects::nonNull)
                        .max(Double::compare)
                        .orElseThrow());
    }

    private static void assertPercentiles(
            double[] exact, long count, Double p50, Double p90, Double p95, Double p99, String what) {
        assertThat(count).as("count of %s", what).isEqualTo(exact.length);
        Double[] displayed = {p50, p90, p95, p99};
        for (int i = 0; i < QUANTILES.length; i++) {
            if (exact.length == 0) {
                assertThat(displayed[i])
                        .as("p%s of empty %s", QUANTILES[i], what)
                        .isNull();
            } else {
                assertThat(displayed[i]).as("p%s of %s", QUANTILES[i], what).isNotNull();
                AccuracyContract.assertQuantile(exact, QUANTILES[i], displayed[i], what);
            }
        }
    }

    private static void assertTotals(DeploymentMetrics answer, SentRequests sent, String window) {
        Totals total = sent.totalsBetween(answer.from(), answer.to());
        DeploymentMetrics.Summary summary = answer.summary();
        assertThat(new Totals(summary.requests(), summary.errors(), summary.inputTokens(), summary.outputTokens()))
                .as("totals of %s", window)
                .isEqualTo(total);
        double seconds = answer.stepSeconds();
        for (ThroughputPoint point : answer.series().throughput()) {
            Totals interval = sent.totalsBetween(point.t(), point.t().plusSeconds(answer.stepSeconds()));
            String what = "throughput at " + point.t() + " of " + window;
            assertThat(point.requestsPerSecond() * seconds).as(what).isCloseTo(interval.requests(), within(1e-6));
            assertThat(point.inputTokensPerSecond() * seconds).as(what).isCloseTo(interval.inputTokens(), within(1e-6));
            assertThat(point.outputTokensPerSecond() * seconds)
                    .as(what)
                    .isCloseTo(interval.outputTokens(), within(1e-6));
            if (interval.requests() == 0) {
                assertThat(point.errorRate()).as(what).isNull();
            } else {
                assertThat(point.errorRate())
                        .as(what)
                        .isCloseTo((double) interval.errors() / interval.requests(), within(1e-12));
            }
        }
    }
}
