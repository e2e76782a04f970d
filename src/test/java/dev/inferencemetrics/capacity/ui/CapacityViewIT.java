package dev.inferencemetrics.capacity.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.tabs.TabSheet;
import com.vaadin.flow.router.RouterLink;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.Scatter;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.pages.deployment.DeploymentView;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/** The deployment page's Capacity tab: the tail against requests in flight, the knee or its refusal, and sizing. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class CapacityViewIT extends SpringBrowserlessTest {

    private static final String SLUG = "capacity-under-test";
    private static final String COSTED = "capacity-costed";

    @Autowired
    ApplicationContext context;

    @Autowired
    IngestService ingest;

    @Autowired
    Clock clock;

    @Autowired
    GpuCostService gpuCosts;

    @BeforeEach
    void aDeploymentWithAFewMinutesOfTraffic() {
        SeededTenant seeded = SeededTenant.of(context, "capacity-labs", "Capacity Labs")
                .withUser("capacity-viewer", "Cai Viewer", Role.TENANT_VIEWER);
        if (seeded.addDeployment(SLUG, "Capacity")) {
            // five whole five-minute intervals (the 24-hour window's step) of 12 requests each
            long now = clock.instant().getEpochSecond();
            Instant start = Instant.ofEpochSecond(now - now % 300 - 1_800);
            List<JsonNode> samples = new ArrayList<>();
            IntStream.range(0, 60)
                    .forEach(i -> samples.add(JsonNodeFactory.instance
                            .objectNode()
                            .put("requestId", "capacity-" + i)
                            .put("ts", start.plusSeconds(25L * i).toString())
                            .put("ttftMs", 100)
                            .put("queueMs", 20)
                            .put("e2eMs", 2_000)
                            .put("inputTokens", 100)
                            .put("outputTokens", 50)
                            .put("status", "ok")));
            ingest.ingestRequests(seeded.gateway(), SLUG, samples);
        }
    }

    @Test
    @WithUserDetails(value = "capacity-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_viewer_sees_the_tail_against_concurrency_the_refusal_in_words_and_sizes_replicas() {
        CapacityPanel panel = openTab();

        assertThat(panel.range.getValue()).isEqualTo(TimeRange.Preset.DAY);
        assertThat(panel.knee.getText())
                .isEqualTo("No knee found. Too little traffic to find a knee: 5 intervals with 60 requests make 0"
                        + " groups of 200 requests; at least 5 are needed.");
        assertThat(panel.evidence.getText()).startsWith("Rests on 5 intervals with 60 requests, in 0 groups");
        ChartConfig config = panel.chart.getConfig().orElseThrow();
        assertThat(config.type()).isEqualTo(ChartConfig.ChartType.SCATTER);
        Scatter scatter = config.scatter();
        assertThat(scatter).isNotNull();
        assertThat(scatter.series()).extracting(Scatter.Dots::name).containsExactly("TTFT p99", "TTFT p50");
        assertThat(scatter.series().getFirst().data()).hasSize(5).allSatisfy(dot -> {
            assertThat(dot.y()).isCloseTo(100, org.assertj.core.data.Percentage.withPercentage(1));
            assertThat(dot.x()).isCloseTo(0.08, org.assertj.core.data.Percentage.withPercentage(1));
        });

        SizingPanel sizing = panel.sizing;
        assertThat(sizing.peak.getValue()).isEqualTo(0.04);
        assertThat(sizing.target.getValue()).isEqualTo(500.0);
        assertThat(sizing.service.getValue()).isCloseTo(80, org.assertj.core.data.Percentage.withPercentage(1));
        assertThat(sizing.basis.getText()).isEqualTo("Service time measured as mean TTFT − mean queue time.");

        sizing.peak.setValue(1_000.0);
        sizing.target.setValue(400.0);
        sizing.service.setValue(40.0);

        assertThat(sizing.plan.getText())
                .isEqualTo("58 replicas: each serves 17.5 requests/s at a 70.0 % utilisation ceiling; at 1000.0"
                        + " requests/s they run at 69.0 %, with room for 15.0 requests/s more (1.5 % headroom).");
        assertThat(sizing.price.getText()).isEqualTo("Monthly costs are shown to operators, who keep the GPU costs.");
        assertThat(sizing.table
                        .getGenericDataView()
                        .getItems()
                        .map(row -> row.plan() == null ? 0 : row.plan().replicas()))
                .containsExactly(79, 64, 58, 54);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_without_a_gpu_cost_is_told_where_to_set_one() {
        SizingPanel sizing = openTab(SLUG).sizing;

        assertThat(sizing.price.getElement().getTextRecursively())
                .startsWith("No GPU cost is set for this deployment, so no plan has a monthly cost: set its GPU cost"
                        + " on the Prices page");
        assertThat(sizing.price.getChildren().filter(RouterLink.class::isInstance))
                .singleElement()
                .satisfies(
                        link -> assertThat(((RouterLink) link).getHref()).isEqualTo("admin/prices?deployment=" + SLUG));
        assertThat(sizing.plan.getText()).doesNotContain("Monthly cost");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sees_the_monthly_cost_of_each_plan_from_the_gpu_cost() {
        SeededTenant.of(context, "capacity-labs", "Capacity Labs").addDeployment(COSTED, "Costed");
        if (gpuCosts.history(TenantScope.allTenants(), COSTED).isEmpty()) {
            // 2 GPUs per replica at USD 2.50 per GPU-hour: USD 5.00 a replica-hour, 3,650.00 a replica-month
            gpuCosts.schedule(TenantScope.allTenants(), COSTED, null, GpuCost.of(2, 3, "2.50", "USD"));
        }
        SizingPanel sizing = openTab(COSTED).sizing;

        sizing.peak.setValue(1_000.0);
        sizing.target.setValue(400.0);
        sizing.service.setValue(40.0);

        assertThat(sizing.price.getText())
                .isEqualTo("A replica costs USD 5.00 per hour (GPUs per replica × price per GPU-hour of its GPU"
                        + " cost); a month counts 730 hours.");
        assertThat(sizing.plan.getText()).endsWith(" Monthly cost: USD 211,700.00.");
        assertThat(sizing.table.getGenericDataView().getItems().map(row -> Objects.requireNonNull(row.plan())
                        .monthlyCost()))
                .containsExactly(
                        new BigDecimal("288350.00"),
                        new BigDecimal("233600.00"),
                        new BigDecimal("211700.00"),
                        new BigDecimal("197100.00"));
    }

    private CapacityPanel openTab() {
        return openTab(SLUG);
    }

    private CapacityPanel openTab(String slug) {
        DeploymentView view = navigate("deployments/" + slug, DeploymentView.class);
        TabSheet tabs = view.getChildren()
                .filter(TabSheet.class::isInstance)
                .map(TabSheet.class::cast)
                .findFirst()
                .orElseThrow();
        int index = IntStream.range(0, tabs.getTabCount())
                .filter(i -> tabs.getTabAt(i).getLabel().equals("Capacity"))
                .findFirst()
                .orElseThrow();
        tabs.setSelectedIndex(index);
        return $(CapacityPanel.class).single();
    }
}
