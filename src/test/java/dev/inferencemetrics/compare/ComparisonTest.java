package dev.inferencemetrics.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.inferencemetrics.compare.Delta.Outcome;
import dev.inferencemetrics.metrics.DeploymentMetrics.KvSummary;
import dev.inferencemetrics.metrics.MergedWindow;
import dev.inferencemetrics.rollup.RequestRollup;
import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ComparisonTest {

    private static final Instant T = Instant.parse("2026-11-20T10:00:00Z");

    @Test
    void deltas_are_b_against_a_with_a_verdict_per_row() {
        MergedWindow burst = window(T, 3600, 36_000, 400, 200, 30.0);
        MergedWindow after = window(T.plusSeconds(3600), 3600, 18_000, 20, 100, 10.0);

        Comparison comparison = Comparison.of(burst, after);

        Delta p99 = delta(comparison, "ttft.p99");
        assertThat(p99.a()).isGreaterThan(p99.b());
        assertThat(p99.change()).isCloseTo(p99.b() - p99.a(), within(1e-9));
        assertThat(p99.relativeChange()).isCloseTo(-0.5, within(0.03));
        assertThat(p99.verdict()).isEqualTo(Verdict.BEYOND_NOISE);
        assertThat(p99.outcome()).isEqualTo(Outcome.BETTER);

        Delta rate = delta(comparison, "requestsPerSecond");
        assertThat(rate.a()).isEqualTo(10.0);
        assertThat(rate.b()).isEqualTo(5.0);
        assertThat(rate.verdict()).isEqualTo(Verdict.BEYOND_NOISE);
        assertThat(rate.outcome()).isEqualTo(Outcome.DIFFERENT);

        Delta errors = delta(comparison, "errorRate");
        assertThat(errors.a()).isCloseTo(400 / 36_000.0, within(1e-12));
        assertThat(errors.outcome()).isEqualTo(Outcome.BETTER);

        Delta kv = delta(comparison, "kvCacheMean");
        assertThat(kv.change()).isEqualTo(-20.0);
        assertThat(kv.verdict()).isEqualTo(Verdict.NOT_TESTED);
        assertThat(comparison.deltas()).extracting(Delta::figure).doesNotContain("queue.p50");
    }

    @Test
    void the_same_traffic_in_both_windows_is_within_the_noise() {
        Comparison comparison = Comparison.of(window(T, 3600, 3600, 10, 100, 5.0), window(T, 3600, 3600, 10, 100, 5.0));

        assertThat(comparison.deltas())
                .filteredOn(d -> d.verdict() != Verdict.NOT_TESTED && d.verdict() != Verdict.NO_DATA)
                .allSatisfy(d -> assertThat(d.outcome()).isEqualTo(Outcome.WITHIN_NOISE));
        assertThat(comparison.deltas())
                .filteredOn(d -> d.verdict() == Verdict.NO_DATA)
                .as("only goodput lacks data: these rollups were stored without goodput counts")
                .extracting(Delta::figure)
                .containsExactly("goodputPct", "tokenGoodputPct");
    }

    @Test
    void a_side_without_requests_has_no_latency_verdicts() {
        MergedWindow empty =
                new MergedWindow("idle", T, T.plusSeconds(60), new RequestRollup(T), new KvSummary(null, null));

        Comparison comparison = Comparison.of(window(T, 60, 600, 0, 100, 5.0), empty);

        assertThat(delta(comparison, "ttft.p50").verdict()).isEqualTo(Verdict.NO_DATA);
        assertThat(delta(comparison, "errorRate").verdict()).isEqualTo(Verdict.NO_DATA);
        assertThat(comparison.b().errorRate()).isNull();
        assertThat(delta(comparison, "requestsPerSecond").b()).isZero();
    }

    private static Delta delta(Comparison comparison, String figure) {
        return comparison.deltas().stream()
                .filter(d -> d.figure().equals(figure))
                .findFirst()
                .orElseThrow();
    }

    private static MergedWindow window(
            Instant from, long seconds, int requests, int errors, double ttftMedian, double kvMean) {
        RequestRollup totals = new RequestRollup(from);
        SplittableRandom random = new SplittableRandom(requests + errors);
        for (int i = 0; i < requests; i++) {
            boolean ok = i >= errors;
            totals.addRequest(ok, 500, 100);
            if (ok) {
                double spread = Math.exp(0.5 * (random.nextDouble() + random.nextDouble() - 1) * 2);
                totals.ttft().add(ttftMedian * spread);
                totals.itl().add(20 * spread, 99);
                totals.e2e().add(ttftMedian * spread + 2000);
            }
        }
        return new MergedWindow(
                "qwen3-coder", from, from.plus(Duration.ofSeconds(seconds)), totals, new KvSummary(kvMean, kvMean));
    }
}
