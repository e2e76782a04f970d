package dev.inferencemetrics.billing.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.PricePeriod;
import dev.inferencemetrics.billing.PriceService;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class PricesViewIT extends SpringBrowserlessTest {

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    PriceService prices;

    @Autowired
    GpuCostService gpuCosts;

    @Autowired
    Clock clock;

    @Autowired
    UserDetailsService userDetails;

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_schedules_a_price_change_that_joins_the_history() {
        String slug = "priced-" + Long.toString(System.nanoTime(), 36);
        long tenant = tenants.createIfAbsent("price-labs", "Price Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Priced", "m", "vLLM", "eu"));
        PricesView view = navigate(PricesView.class);
        assertThat(view.deployment.select(slug)).isTrue();
        LocalDateTime nextHour = LocalDateTime.ofInstant(
                clock.instant().truncatedTo(ChronoUnit.HOURS).plus(Duration.ofHours(2)), ZoneOffset.UTC);
        view.effectiveFrom.setValue(nextHour);
        view.input.setValue(new BigDecimal("0.30"));
        view.output.setValue(new BigDecimal("1.20"));

        test(view.schedule).click();

        List<PricePeriod> history = prices.history(TenantScope.allTenants(), slug);
        assertThat(history).hasSize(2);
        assertThat(history.get(1).effectiveFrom()).isEqualTo(nextHour.toInstant(ZoneOffset.UTC));
        assertThat(history.get(1).price().outputPerMtok()).isEqualByComparingTo("1.20");
        assertThat(test(view.history).size()).isEqualTo(2);
        assertThat(test(view.history).getCellText(0, 0)).isEqualTo("From the start");
        assertThat(List.of(
                        test(view.history).getCellText(1, 0),
                        test(view.history).getCellText(1, 1),
                        test(view.history).getCellText(1, 2)))
                .containsExactly(
                        nextHour.format(DateTimeFormatter.ofPattern("d MMM yyyy HH:mm", Locale.ENGLISH)) + " UTC",
                        "0.30",
                        "1.20");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_change_in_the_past_is_refused_with_the_reason() {
        PricesView view = navigate(PricesView.class);
        view.effectiveFrom.setValue(LocalDateTime.ofInstant(
                clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofDays(1)), ZoneOffset.UTC));
        view.input.setValue(BigDecimal.ONE);
        view.output.setValue(BigDecimal.ONE);

        test(view.schedule).click();

        assertThat(view.message.getText()).contains("must lie ahead");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_change_after_the_year_9999_is_refused_in_plain_words() {
        PricesView view = navigate(PricesView.class);
        view.effectiveFrom.setValue(LocalDateTime.of(999_999, 1, 1, 0, 0));
        view.input.setValue(BigDecimal.ONE);
        view.output.setValue(BigDecimal.ONE);

        test(view.schedule).click();

        assertThat(view.message.getText()).isEqualTo("A price change must take effect before the year 10000.");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_admin_pages_link_opens_the_deployment_even_when_it_is_archived() {
        String slug = "archived-priced-" + Long.toString(System.nanoTime(), 36);
        long tenant = tenants.createIfAbsent("price-labs", "Price Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Retired", "m", "vLLM", "eu"));
        long operatorId = ((SignedInUser) userDetails.loadUserByUsername("operator")).userId();
        deployments.archive(TenantScope.allTenants(), operatorId, slug);

        UI.getCurrent().navigate(PricesView.class, QueryParameters.of(PricesView.DEPLOYMENT_PARAMETER, slug));
        PricesView view = (PricesView) getCurrentView();

        assertThat(view.showArchived.getValue()).isTrue();
        assertThat(view.deployment.getValue()).isNotNull();
        assertThat(view.deployment.getValue().slug()).isEqualTo(slug);
        assertThat(test(view.history).size()).isEqualTo(1);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void archived_deployments_are_left_out_of_the_picker_unless_asked_for() {
        String slug = "hidden-priced-" + Long.toString(System.nanoTime(), 36);
        long tenant = tenants.createIfAbsent("price-labs", "Price Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Hidden", "m", "vLLM", "eu"));
        long operatorId = ((SignedInUser) userDetails.loadUserByUsername("operator")).userId();
        deployments.archive(TenantScope.allTenants(), operatorId, slug);
        PricesView view = navigate(PricesView.class);

        test(view.deployment).setFilter(slug);
        assertThat(test(view.deployment).getSuggestionItems()).isEmpty();

        test(view.showArchived).click();

        test(view.deployment).setFilter(slug);
        assertThat(test(view.deployment).getSuggestionItems()).singleElement().satisfies(d -> assertThat(d.slug())
                .isEqualTo(slug));
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sets_a_first_gpu_cost_from_the_start_and_a_change_into_the_past_is_refused() {
        String slug = "gpu-costed-" + Long.toString(System.nanoTime(), 36);
        long tenant = tenants.createIfAbsent("price-labs", "Price Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "GPU costed", "m", "vLLM", "eu"));
        PricesView view = navigate(PricesView.class);
        assertThat(view.deployment.select(slug)).isTrue();
        assertThat(view.gpuCost.message.getText()).isEqualTo("No GPU cost is set for this deployment yet.");
        view.gpuCost.gpusPerReplica.setValue(8);
        view.gpuCost.replicas.setValue(2);
        view.gpuCost.pricePerGpuHour.setValue(new BigDecimal("2.50"));

        test(view.gpuCost.save).click();

        assertThat(gpuCosts.history(TenantScope.allTenants(), slug))
                .singleElement()
                .satisfies(period -> assertThat(period.cost().hourly()).isEqualByComparingTo("40"));
        assertThat(test(view.gpuCost.history).size()).isEqualTo(1);
        assertThat(test(view.gpuCost.history).getCellText(0, 4)).isEqualTo("40.00");
        assertThat(view.gpuCost.message.getText()).startsWith("Set, from ");

        view.gpuCost.effectiveFrom.setValue(
                LocalDateTime.ofInstant(clock.instant().truncatedTo(ChronoUnit.HOURS), ZoneOffset.UTC));
        view.gpuCost.replicas.setValue(3);
        test(view.gpuCost.save).click();

        assertThat(view.gpuCost.message.getText()).contains("must lie ahead");
        assertThat(gpuCosts.history(TenantScope.allTenants(), slug)).hasSize(1);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sets_a_gpu_cost_whose_replicas_come_from_scrapes() {
        String slug = "gpu-scraped-" + Long.toString(System.nanoTime(), 36);
        long tenant = tenants.createIfAbsent("price-labs", "Price Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "GPU scraped", "m", "vLLM", "eu"));
        PricesView view = navigate(PricesView.class);
        assertThat(view.deployment.select(slug)).isTrue();
        view.gpuCost.gpusPerReplica.setValue(4);
        view.gpuCost.replicas.setValue(2);
        view.gpuCost.pricePerGpuHour.setValue(new BigDecimal("2.50"));

        view.gpuCost.fromScrapes.setValue(true);
        test(view.gpuCost.save).click();

        assertThat(view.gpuCost.replicas.isEnabled()).isFalse();
        assertThat(gpuCosts.history(TenantScope.allTenants(), slug))
                .singleElement()
                .satisfies(period -> assertThat(period.cost().replicas()).isNull());
        assertThat(test(view.gpuCost.history).getCellText(0, 2)).isEqualTo("from scrapes");
        assertThat(test(view.gpuCost.history).getCellText(0, 4)).isEqualTo("10.00 per replica-hour");
    }
}
