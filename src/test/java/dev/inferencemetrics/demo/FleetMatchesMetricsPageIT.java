package dev.inferencemetrics.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.Summary;
import dev.inferencemetrics.metrics.FleetOverviewService;
import dev.inferencemetrics.metrics.FleetPage;
import dev.inferencemetrics.metrics.FleetQuery;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.metrics.SloState;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * The fleet reads every deployment's rollups in one statement; each figure it shows must still be exactly the figure
 * the deployment's own Metrics page query gives for the same window, on the demo's own traffic.
 */
@IntegrationTest
class FleetMatchesMetricsPageIT {

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    MetricsQueryService metrics;

    @Autowired
    FleetOverviewService fleet;

    @Autowired
    Clock clock;

    @Test
    void every_fleet_figure_equals_the_metrics_page_of_the_same_deployment_and_window() {
        long tenant = tenants.createIfAbsent("fleet-figures", "Fleet Figures");
        Instant now = clock.instant();
        for (DeploymentBehaviour behaviour : DemoTraffic.BEHAVIOURS) {
            String slug = "fleet-figures-" + behaviour.slug();
            deployments.createIfAbsent(
                    new DeploymentDefinition(tenant, slug, "Figures " + behaviour.slug(), "m", "vLLM", "eu"));
            TrafficModel model = new TrafficModel(behaviour, now.minus(Duration.ofHours(3)));
            ApiClient gateway = new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
            Instant from = now.minus(Duration.ofMinutes(75));
            ingest.ingestRequests(gateway, slug, List.<JsonNode>copyOf(model.requests(from, now)));
            ingest.ingestKvCache(gateway, slug, List.<JsonNode>copyOf(model.kvReadings(from, now)));
        }
        TenantScope scope = TenantScope.tenant(tenant);

        FleetPage page = fleet.page(scope, FleetQuery.all(), 0, 100);

        assertThat(page.rows()).hasSize(DemoTraffic.BEHAVIOURS.size());
        QueryWindow window = QueryWindow.of(page.from(), page.to(), Duration.ofMinutes(5));
        double seconds = Duration.between(page.from(), page.to()).getSeconds();
        for (FleetRow row : page.rows()) {
            DeploymentMetrics shown = metrics.query(scope, row.slug(), window);
            Summary summary = shown.summary();
            assertThat(summary.requests()).as(row.slug()).isPositive();
            assertThat(row.requestsPerSecond()).isEqualTo(summary.requests() / seconds);
            assertThat(row.errorRate()).isEqualTo((double) summary.errors() / summary.requests());
            assertThat(List.of(row.ttftP50(), row.ttftP95(), row.ttftP99()))
                    .containsExactly(
                            summary.ttft().p50(),
                            summary.ttft().p95(),
                            summary.ttft().p99());
            assertThat(List.of(row.itlP50(), row.itlP95(), row.itlP99()))
                    .containsExactly(
                            summary.itl().p50(),
                            summary.itl().p95(),
                            summary.itl().p99());
            assertThat(row.kvMean()).isNotNull().isEqualTo(summary.kvCache().mean());
            assertThat(row.ttftTrend()).isEqualTo(shown.series().ttft());
            assertThat(row.sloState()).isEqualTo(sloState(summary));
        }
        // the demo's Llama 70B queues past its TTFT SLO, as on its page
        assertThat(page.rows().getFirst().slug()).isEqualTo("fleet-figures-llama-3-1-70b");
        assertThat(page.rows().getFirst().sloState()).isEqualTo(SloState.BREACHED);
    }

    /** The Metrics page's cards: the worst of TTFT p95, ITL p95 and the error rate against their limits. */
    private static SloState sloState(Summary summary) {
        List<SloState> states = List.of(
                SloState.of(summary.ttft().p95(), summary.slo().ttftP95Ms()),
                SloState.of(summary.itl().p95(), summary.slo().itlP95Ms()),
                SloState.ofErrors(
                        summary.requests(), summary.errors(), summary.slo().errorRateLimitPct()));
        return states.stream()
                .filter(state -> state != SloState.NO_DATA)
                .max(Enum::compareTo)
                .orElse(SloState.NO_DATA);
    }
}
