package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.router.RouterLink;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.rollup.EngineReplicaRollupStore;
import dev.inferencemetrics.rollup.ReplicaCount;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.EngineOnlyDeployment;
import dev.inferencemetrics.testing.IntegrationTest;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/** The Metrics tab's cost card: figures for an operator, a link where no GPU cost is set, and nothing for tenants. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class CostCardViewIT extends SpringBrowserlessTest {

    private static final TenantScope OPERATOR = TenantScope.allTenants();

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    GpuCostService costs;

    @Autowired
    RequestRollupStore rollups;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    @Autowired
    EngineReplicaRollupStore replicaRollups;

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sees_the_cost_per_million_output_tokens_gpu_cost_revenue_and_margin_of_the_window() {
        String slug = deployment("costed");
        Instant from = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
                .minusDays(10)
                .atStartOfDay()
                .toInstant(ZoneOffset.UTC);
        costs.schedule(OPERATOR, slug, from, GpuCost.of(8, 2, "2.50", "USD"));
        var deployment = deployments.require(OPERATOR, slug);
        // as ingestion writes it: the minute and the half hour that hold the request
        RequestRollup minute = new RequestRollup(from.plusSeconds(600));
        minute.addRequest(true, 0, 1_000_000);
        minute.goodput().add(RequestOutcome.GOOD, 800_000);
        minute.goodput().add(RequestOutcome.TTFT_BREACH, 200_000);
        RequestRollup halfHour = new RequestRollup(from);
        halfHour.addRequest(true, 0, 1_000_000);
        halfHour.goodput().add(RequestOutcome.GOOD, 800_000);
        halfHour.goodput().add(RequestOutcome.TTFT_BREACH, 200_000);
        tenantTransactions.run(OPERATOR, () -> {
            rollups.add(deployment.tenantId(), deployment.id(), Resolution.MINUTE, List.of(minute));
            rollups.add(deployment.tenantId(), deployment.id(), Resolution.HALF_HOUR, List.of(halfHour));
        });

        navigate("deployments/" + slug, DeploymentView.class);
        DeploymentView view = $(DeploymentView.class).single();
        MetricsTab tab = java.util.Objects.requireNonNull(view.metricsTab);
        tab.apply(TimeRange.custom(from, from.plusSeconds(3_600)));
        CostCard card = $(CostCard.class).single();

        // an hour at 8 × 2 × 2.50 = 40.00 for 1,000,000 output tokens priced at 2.00 per million, 800,000 of them
        // of good requests: 40.00 ÷ 800,000 × 10⁶ = 50.00 per million good ones
        assertThat(card.value.getText()).isEqualTo("USD 40.00");
        assertThat(card.details.getChildren().map(line -> ((Div) line).getText()))
                .containsExactly(
                        "GPU cost USD 40.00",
                        "1,000,000 output tokens",
                        "Per Mtok good output USD 50.00 (800,000 good output tokens)",
                        "Revenue USD 2.00",
                        "Margin USD -38.00");
        assertThat(card.emptyState.isVisible()).isFalse();
        assertThat($(Paragraph.class, card).single().getText()).contains(CostCard.FORMULA, CostCard.EXAMPLE);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void replicas_from_scrapes_cost_their_replica_minutes_and_the_card_says_which_minutes_it_covers() {
        String slug = deployment("scraped");
        Instant from = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
                .minusDays(10)
                .atStartOfDay()
                .toInstant(ZoneOffset.UTC);
        costs.schedule(OPERATOR, slug, from, GpuCost.fromScrapes(8, "2.50", "USD"));
        var deployment = deployments.require(OPERATOR, slug);
        tenantTransactions.run(
                OPERATOR,
                () -> replicaRollups.add(
                        deployment.tenantId(),
                        List.of(
                                new ReplicaCount(deployment.id(), from.plusSeconds(600), 3),
                                new ReplicaCount(deployment.id(), from.plusSeconds(660), 2))));

        navigate("deployments/" + slug, DeploymentView.class);
        DeploymentView view = $(DeploymentView.class).single();
        java.util.Objects.requireNonNull(view.metricsTab).apply(TimeRange.custom(from, from.plusSeconds(3_600)));
        CostCard card = $(CostCard.class).single();

        // 3 + 2 = 5 replica-minutes × 8 GPUs × 2.50 ÷ 60 = 1.666…; replicas answered in 2 of the hour's 60 minutes
        assertThat(card.details
                        .getChildren()
                        .map(line -> ((Div) line).getText())
                        .limit(2))
                .containsExactly(
                        "GPU cost USD 1.67",
                        "Replicas from scrapes: 2 of 60 minutes scraped, 0.0833 replica-hours; no replica answered in"
                                + " the other minutes, so the GPU cost covers only the scraped minutes");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void without_a_gpu_cost_the_card_says_so_and_links_to_where_it_is_set() {
        String slug = deployment("uncosted");

        navigate("deployments/" + slug, DeploymentView.class);
        CostCard card = $(CostCard.class).single();

        assertThat(card.emptyState.isVisible()).isTrue();
        assertThat(card.value.getText()).isEqualTo("–");
        assertThat($(RouterLink.class, card.emptyState).single().getHref())
                .isEqualTo("admin/prices?deployment=" + slug);
    }

    @Test
    @WithUserDetails(value = EngineOnlyDeployment.VIEWER, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_sees_no_cost_card() {
        navigate("deployments/" + EngineOnlyDeployment.SLUG, DeploymentView.class);

        assertThat($(CostCard.class).all()).isEmpty();
    }

    @BeforeEach
    void aTenantsViewer() {
        EngineOnlyDeployment.seed(context);
    }

    private String deployment(String name) {
        String slug = name + "-" + Long.toString(System.nanoTime(), 36);
        long tenant = tenants.createIfAbsent("cost-card-labs", "Cost Card Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, name, "m", "vLLM", "eu")
                .withPrices(new BigDecimal("1.00"), new BigDecimal("2.00"), "USD"));
        return slug;
    }
}
