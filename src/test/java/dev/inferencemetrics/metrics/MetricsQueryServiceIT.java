package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencyPoint;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.sketch.Percentiles;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@IntegrationTest
class MetricsQueryServiceIT {

    private static final int MINUTES = 120;

    @Autowired
    MetricsQueryService metrics;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    RequestRollupStore rollups;

    @Autowired
    Clock clock;

    private DeploymentRef deployment;
    private Instant start;
    private List<RequestRollup> minutes;

    @BeforeEach
    void twoHoursOfMinuteRollups() {
        // a tenant of its own, so other tests' deployment lists stay as the demo world has them
        long tenant = tenants.createIfAbsent("metrics-query-it", "Metrics Query IT");
        String slug = "metrics-it-" + UUID.randomUUID().toString().substring(0, 8);
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Metrics IT", "model", "vLLM", "eu-west-1"));
        deployment = deployments.require(TenantScope.tenant(tenant), slug);
        start = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        minutes = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(5);
        for (int m = 0; m < MINUTES; m++) {
            minutes.add(minute(start.plus(Duration.ofMinutes(m)), random));
        }
        tenantTransactions.run(
                TenantScope.tenant(tenant),
                () -> rollups.add(deployment.tenantId(), deployment.id(), Resolution.MINUTE, minutes));
    }

    @Test
    void each_interval_shows_the_percentiles_of_its_merged_minutes() {
        DeploymentMetrics answer = query(Duration.ofMinutes(5));

        assertThat(answer.series().ttft()).hasSize(MINUTES / 5);
        for (int i = 0; i < MINUTES / 5; i++) {
            RequestRollup expected = merged(minutes.subList(i * 5, i * 5 + 5), start.plus(Duration.ofMinutes(5L * i)));
            assertPoint(
                    answer.series().ttft().get(i), expected.ttft().percentiles().orElseThrow());
            assertPoint(
                    answer.series().itl().get(i), expected.itl().percentiles().orElseThrow());
            assertPoint(
                    answer.series().e2e().get(i), expected.e2e().percentiles().orElseThrow());
            assertThat(answer.series().throughput().get(i).requestsPerSecond()).isEqualTo(expected.requests() / 300.0);
        }
    }

    @Test
    void the_summary_is_the_percentiles_of_the_whole_window_and_its_totals() {
        DeploymentMetrics answer = query(Duration.ofMinutes(1));
        RequestRollup all = merged(minutes, start);
        Percentiles ttft = all.ttft().percentiles().orElseThrow();

        assertThat(answer.summary().ttft().count()).isEqualTo(ttft.count());
        assertThat(answer.summary().ttft().p50()).isEqualTo(ttft.p50());
        assertThat(answer.summary().ttft().p99()).isEqualTo(ttft.p99());
        assertThat(answer.summary().itl().p95())
                .isEqualTo(all.itl().percentiles().orElseThrow().p95());
        assertThat(answer.summary().requests()).isEqualTo(all.requests());
        assertThat(answer.summary().errors()).isEqualTo(all.failedRequests());
        assertThat(answer.summary().outputTokens()).isEqualTo(all.outputTokens());
    }

    private DeploymentMetrics query(Duration step) {
        return metrics.query(
                TenantScope.tenant(deployment.tenantId()),
                deployment.slug(),
                QueryWindow.of(start, start.plus(Duration.ofMinutes(MINUTES)), step));
    }

    private static void assertPoint(LatencyPoint point, Percentiles expected) {
        assertThat(point.count()).isEqualTo(expected.count());
        assertThat(point.p50()).isEqualTo(expected.p50());
        assertThat(point.p90()).isEqualTo(expected.p90());
        assertThat(point.p95()).isEqualTo(expected.p95());
        assertThat(point.p99()).isEqualTo(expected.p99());
    }

    private static RequestRollup merged(List<RequestRollup> rollups, Instant bucket) {
        RequestRollup merged = new RequestRollup(bucket);
        rollups.forEach(merged::merge);
        return merged;
    }

    private static RequestRollup minute(Instant bucket, SplittableRandom random) {
        RequestRollup minute = new RequestRollup(bucket);
        for (int i = 0; i < 200; i++) {
            boolean ok = random.nextInt(50) != 0;
            int output = random.nextInt(20, 400);
            minute.addRequest(ok, random.nextInt(100, 2_000), output);
            if (ok) {
                double ttft = 40 * Math.exp(random.nextDouble(0, 3));
                double tpot = random.nextDouble(8, 40);
                minute.ttft().add(ttft);
                minute.itl().add(tpot, output - 1);
                minute.e2e().add(ttft + tpot * (output - 1));
            }
        }
        return minute;
    }
}
