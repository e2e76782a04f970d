package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.tabs.TabSheet;
import com.vaadin.flow.router.HasErrorParameter;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouteParameters;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartThreshold;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.metrics.SloState;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.aopalliance.intercept.MethodInterceptor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.Advised;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class DeploymentViewIT extends SpringBrowserlessTest {

    @Autowired
    ApplicationContext context;

    private static final String SLUG = "cards-under-test";

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    @Autowired
    UserDetailsService userDetails;

    @BeforeEach
    void aDeploymentWithTrafficInTheLastHour() {
        SeededTenant tenant = SeededTenant.of(context, "card-labs", "Card Labs")
                .withUser("card-viewer", "Cora Viewer", Role.TENANT_VIEWER)
                .withUser("card-admin", "Cal Admin", Role.TENANT_ADMIN);
        if (tenant.addDeployment(SLUG, "Cards")) {
            ingest.ingestRequests(tenant.gateway(), SLUG, requests());
            ingest.ingestKvCache(tenant.gateway(), SLUG, kvReadings());
        }
    }

    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void latency_cards_show_p50_tail_ratio_max_p99_and_slo_state_in_readable_units() {
        DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);
        SummaryCards cards = view.metricsTab.cards;

        assertThat(cards.ttft.value.getText()).matches("(69\\d|70\\d) ms");
        assertThat(detailLines(cards.ttft))
                .satisfiesExactly(
                        line -> assertThat(line).isEqualTo("p50"),
                        line -> assertThat(line).matches("Tail 1\\.1\\d×"),
                        line -> assertThat(line).matches("Max 1-minute P99 79\\d ms|Max 1-minute P99 80\\d ms"),
                        line -> assertThat(line).matches("p95 7\\d\\d ms · SLO 500 ms"));
        assertThat(cards.ttft.sloState()).isEqualTo(SloState.BREACHED);
        assertThat(cards.itl.value.getText()).isEqualTo("20 ms");
        assertThat(cards.itl.sloState()).isEqualTo(SloState.MET);
        assertThat(cards.e2e.value.getText()).matches("12\\.\\d\\d s");
        assertThat(cards.e2e.sloState()).isEqualTo(SloState.NO_DATA);
    }

    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_kv_card_shows_the_mean_and_the_peak() {
        DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);

        assertThat(view.metricsTab.cards.kvCache.value.getText()).isEqualTo("3.0 %");
        assertThat(detailLines(view.metricsTab.cards.kvCache)).containsExactly("mean usage", "Peak 4.0 %");
    }

    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void four_charts_carry_the_percentile_series_and_the_slo_lines() {
        MetricsCharts charts = navigate("deployments/" + SLUG, DeploymentView.class).metricsTab.charts;

        assertThat(seriesNames(charts.ttft.getConfig().orElseThrow())).containsExactly("p50", "p90", "p95", "p99");
        assertThat(seriesNames(charts.itl.getConfig().orElseThrow())).containsExactly("p50", "p90", "p95", "p99");
        assertThat(seriesNames(charts.e2e.getConfig().orElseThrow())).containsExactly("p50", "p90", "p95", "p99");
        assertThat(seriesNames(charts.kvCache.getConfig().orElseThrow())).containsExactly("avg", "max", "min");
        assertThat(charts.ttft.getConfig().orElseThrow().thresholds())
                .extracting(ChartThreshold::value)
                .containsExactly(500.0);
        assertThat(charts.itl.getConfig().orElseThrow().thresholds())
                .extracting(ChartThreshold::value)
                .containsExactly(250.0);
        assertThat(List.of(charts.ttft, charts.itl, charts.e2e, charts.kvCache))
                .allSatisfy(chart ->
                        assertThat(chart.getConfig().orElseThrow().group()).isEqualTo(MetricsCharts.GROUP));
    }

    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_window_without_data_says_so_and_what_to_do() {
        DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);
        assertThat(view.metricsTab.emptyState.isVisible()).isFalse();

        view.metricsTab.apply(
                TimeRange.custom(Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T01:00:00Z")));

        assertThat(view.metricsTab.emptyState.isVisible()).isTrue();
        assertThat(view.metricsTab.cards.ttft.value.getText()).isEqualTo("–");
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_user_opening_another_tenants_deployment_gets_not_found() {
        navigate("deployments/" + SLUG, com.vaadin.flow.component.Component.class);

        assertThat(getCurrentView()).isNotInstanceOf(DeploymentView.class).isInstanceOf(HasErrorParameter.class);
    }

    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_archived_deployment_opens_read_only_with_the_day_it_was_archived_and_its_history() {
        String slug = "archived-cards-" + Long.toString(System.nanoTime(), 36);
        SeededTenant tenant = SeededTenant.of(context, "card-labs", "Card Labs");
        tenant.addDeployment(slug, "Retired");
        ingest.ingestRequests(tenant.gateway(), slug, requests());
        deployments.archive(TenantScope.allTenants(), operatorId(), slug);

        DeploymentView view = navigate("deployments/" + slug, DeploymentView.class);

        Instant archivedAt = deployments.require(TenantScope.allTenants(), slug).archivedAt();
        assertThat(view.archivedNotice).isNotNull();
        assertThat(view.archivedNotice.text.getText())
                .startsWith("Archived on " + LocalDate.ofInstant(archivedAt, ZoneOffset.UTC) + ".");
        assertThat(view.metricsTab.cards.ttft.value.getText()).matches("(69\\d|70\\d) ms");
    }

    @Test
    @WithUserDetails(value = "card-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_archived_deployment_offers_no_import_and_an_active_one_carries_no_notice() {
        String slug = "archived-import-" + Long.toString(System.nanoTime(), 36);
        SeededTenant.of(context, "card-labs", "Card Labs").addDeployment(slug, "Retired");
        deployments.archive(TenantScope.allTenants(), operatorId(), slug);

        DeploymentView archived = navigate("deployments/" + slug, DeploymentView.class);
        assertThat(tabLabels(archived)).containsExactly("Metrics", "Overview", "Capacity");

        DeploymentView active = navigate("deployments/" + SLUG, DeploymentView.class);
        assertThat(active.archivedNotice).isNull();
        assertThat(tabLabels(active))
                .containsExactly("Metrics", "Overview", "Import", "Sources", "Capacity", "SLOs and alerts");
    }

    @Test
    @WithUserDetails(value = "card-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_link_with_a_tab_and_an_auto_refresh_opens_that_tab_refreshing_at_that_pace_over_its_range() {
        DeploymentView view = open(Map.of("range", "24h", "tab", "slos-and-alerts", "refresh", "30s"));

        assertThat(tabs(view).getSelectedTab().getLabel()).isEqualTo("SLOs and alerts");
        assertThat(view.metricsTab.refresh.getValue()).isEqualTo(AutoRefresh.THIRTY_SECONDS);
        assertThat(view.metricsTab.timeRange()).isEqualTo(TimeRange.of(TimeRange.Preset.DAY));
        assertThat(view.metricsTab.range.getValue()).isEqualTo("Last 24 hours");
    }

    /**
     * The page resolves its slug once and hands the deployment to every part it shows (charts, budgets, drill-down,
     * bands, prices, names, retention); switching the window resolves nothing again. Counted at the deployment service
     * itself. (The editing tabs of admins act on the slug through the services the API uses too.)
     */
    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_page_resolves_its_deployment_once_and_a_new_window_not_again() {
        AtomicInteger lookups = new AtomicInteger();
        MethodInterceptor counting = invocation -> {
            if (Set.of("require", "requireActive", "find")
                    .contains(invocation.getMethod().getName())) {
                lookups.incrementAndGet();
            }
            return invocation.proceed();
        };
        Advised service = (Advised) deployments;
        service.addAdvice(0, counting);
        try {
            DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);
            assertThat(lookups).as("on opening").hasValue(1);

            Instant now = clock.instant();
            view.metricsTab.apply(TimeRange.custom(now.minus(2, ChronoUnit.HOURS), now));
            assertThat(lookups).as("after a new window").hasValue(1);
        } finally {
            service.removeAdvice(counting);
        }
    }

    private long operatorId() {
        return ((SignedInUser) userDetails.loadUserByUsername("operator")).userId();
    }

    /** The page of this class's deployment, opened by a link with this query. */
    private DeploymentView open(Map<String, String> query) {
        UI.getCurrent()
                .navigate(DeploymentView.class, new RouteParameters("slug", SLUG), QueryParameters.simple(query));
        return (DeploymentView) getCurrentView();
    }

    private static TabSheet tabs(DeploymentView view) {
        return view.getChildren()
                .filter(TabSheet.class::isInstance)
                .map(TabSheet.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private static List<String> tabLabels(DeploymentView view) {
        TabSheet tabs = tabs(view);
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < tabs.getTabCount(); i++) {
            labels.add(tabs.getTabAt(i).getLabel());
        }
        return labels;
    }

    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void input_and_output_tokens_per_second_are_two_series_and_the_card_labels_their_sum() {
        DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);
        ChartConfig tokens = view.metricsTab.charts.tokenRate.getConfig().orElseThrow();

        assertThat(seriesNames(tokens)).containsExactly(MetricsCharts.INPUT_TOKENS, MetricsCharts.OUTPUT_TOKENS);
        // 200 requests of 100 input and 600 output tokens, in whole minutes of the chart
        assertThat(tokensIn(tokens.series().get(0))).isCloseTo(20_000, within(1e-6));
        assertThat(tokensIn(tokens.series().get(1))).isCloseTo(120_000, within(1e-6));
        assertThat(detailLines(view.metricsTab.cards.throughput))
                .satisfiesExactly(
                        line -> assertThat(line).isEqualTo("output tokens/s"),
                        line -> assertThat(line).matches("Input tokens/s \\d+\\.\\d\\d/s"),
                        line -> assertThat(line).matches("Input \\+ output tokens/s \\d+/s"));
    }

    @Test
    @WithUserDetails(value = "card-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_deployment_without_a_dcgm_exporter_target_says_how_to_get_gpu_charts() {
        navigate("deployments/" + SLUG, DeploymentView.class);
        GpuCharts gpu = $(GpuCharts.class).single();

        assertThat(gpu.emptyState.isVisible()).isTrue();
        assertThat(gpu.emptyState.getText())
                .isEqualTo("No GPU metrics: add a DCGM exporter target on the Sources tab.");
        assertThat(List.of(gpu.utilisation, gpu.memory, gpu.power)).noneMatch(chart -> chart.isVisible());
    }

    private static double tokensIn(ChartSeries series) {
        return series.data().stream()
                        .map(ChartPoint::y)
                        .filter(Objects::nonNull)
                        .mapToDouble(Double::doubleValue)
                        .sum()
                * 60;
    }

    private List<JsonNode> requests() {
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(30, ChronoUnit.MINUTES);
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            double ttft = 600 + i;
            samples.add(json.readTree(String.format(
                    Locale.ROOT,
                    "{\"requestId\":\"c-%d\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"tpotMs\":20,"
                            + "\"inputTokens\":100,\"outputTokens\":600}",
                    i,
                    start.plusSeconds(i * 5L),
                    ttft,
                    ttft + 20 * 599)));
        }
        return samples;
    }

    private List<JsonNode> kvReadings() {
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(10, ChronoUnit.MINUTES);
        return List.of(
                json.readTree("{\"ts\":\"" + minute.plusSeconds(10) + "\",\"replica\":\"pod-0\",\"usagePct\":2.0}"),
                json.readTree("{\"ts\":\"" + minute.plusSeconds(20) + "\",\"replica\":\"pod-1\",\"usagePct\":4.0}"));
    }

    private static List<String> detailLines(MetricCard card) {
        return card.details.getChildren().map(c -> c.getElement().getText()).toList();
    }

    private static List<String> seriesNames(ChartConfig config) {
        return config.series().stream().map(ChartSeries::name).toList();
    }
}
