package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Paragraph;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/**
 * A deployment that only scrapes its engines (no per-request source): the Metrics page shows queue depth and
 * prefix-cache charts, and latency from engine histograms marked approximate with its bucket bounds.
 */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class EngineSourceViewTest extends SpringBrowserlessTest {

    private static final String SLUG = "scraped-only";

    @Autowired
    TenantService tenants;

    @Autowired
    UserAccounts users;

    @Autowired
    DeploymentService deployments;

    @Autowired
    EngineGaugeRollupStore gauges;

    @Autowired
    EngineLatencyRollupStore latencies;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    Clock clock;

    @BeforeEach
    void aDeploymentKnownOnlyFromItsEngines() {
        long tenant = tenants.createIfAbsent("scrape-labs", "Scrape Labs");
        users.createIfAbsent(tenant, "scrape-viewer", "Sam Viewer", "demo", Role.TENANT_VIEWER);
        if (deployments.createIfAbsent(new DeploymentDefinition(tenant, SLUG, "Scraped", "m", "SGLang", "eu-1"))) {
            long deployment =
                    deployments.require(TenantScope.tenant(tenant), SLUG).id();
            Instant minute = Resolution.MINUTE.bucketOf(clock.instant().minus(Duration.ofMinutes(5)));
            transactions.run(TenantScope.tenant(tenant), () -> {
                gauges.add(
                        tenant,
                        deployment,
                        Resolution.MINUTE,
                        List.of(
                                new EngineGaugeRollup("running", minute, 2, 30, 10, 20),
                                new EngineGaugeRollup("waiting", minute, 2, 8, 2, 6),
                                EngineGaugeRollup.of("prefix_hit", minute, 42.5)));
                // 100 TTFTs: 40 up to 100 ms, 40 in (100, 150] ms, 19 in (150, 250] ms, 1 above
                latencies.add(
                        tenant,
                        deployment,
                        Resolution.MINUTE,
                        List.of(new EngineLatencyRollup(
                                "ttft", minute, new double[] {0.1, 0.15, 0.25, Double.POSITIVE_INFINITY}, new long[] {
                                    40, 40, 19, 1
                                })));
            });
        }
    }

    @Test
    @WithUserDetails(value = "scrape-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void queue_depth_and_prefix_cache_charts_appear_for_a_scraped_deployment() {
        navigate("deployments/" + SLUG, DeploymentMetricsView.class);
        EngineGaugeCharts charts = $(EngineGaugeCharts.class).single();

        assertThat(charts.isVisible()).isTrue();
        assertThat(names(charts.queue.getConfig().orElseThrow()))
                .containsExactly("running (avg)", "waiting (avg)", "waiting (max)");
        assertThat(charts.queue.getConfig().orElseThrow().series().get(1).data())
                .anySatisfy(point -> assertThat(point.y()).isEqualTo(4.0));
        assertThat(charts.prefixCache
                        .getConfig()
                        .orElseThrow()
                        .series()
                        .getFirst()
                        .data())
                .anySatisfy(point -> assertThat(point.y()).isEqualTo(42.5));
    }

    @Test
    @WithUserDetails(value = "scrape-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void latency_from_engine_histograms_is_marked_approximate_with_its_bucket_bounds_and_its_source() {
        navigate("deployments/" + SLUG, DeploymentMetricsView.class);
        ApproximateLatencyCards cards = $(ApproximateLatencyCards.class).single();

        assertThat(cards.isVisible()).isTrue();
        assertThat($(Paragraph.class, cards).all())
                .extracting(Paragraph::getText)
                .containsExactly(
                        ApproximateLatencyCards.SOURCE,
                        "Time to first token (100 observations): p50 ≈ 113 ms, between 100 ms and 150 ms · p90 ≈ 203"
                                + " ms, between 150 ms and 250 ms · p95 ≈ 229 ms, between 150 ms and 250 ms · p99 ≈ 250"
                                + " ms, between 150 ms and 250 ms");
    }

    @Test
    @WithUserDetails(value = "scrape-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_fleet_overview_shows_the_mean_requests_waiting_per_replica_of_a_scraped_deployment() {
        FleetOverviewView fleet = navigate("", FleetOverviewView.class);
        fleet.asCards(false);

        int row = fleet.grid
                .getGenericDataView()
                .getItems()
                .map(FleetRow::slug)
                .toList()
                .indexOf(SLUG);
        int column = fleet.grid.getColumns().stream()
                .filter(Grid.Column::isVisible)
                .toList()
                .indexOf(fleet.grid.getColumnByKey("kv"));

        assertThat(test(fleet.grid).getCellText(row, column)).endsWith(" · 4.0 waiting");
    }

    private static List<String> names(ChartConfig config) {
        return config.series().stream().map(ChartSeries::name).toList();
    }
}
