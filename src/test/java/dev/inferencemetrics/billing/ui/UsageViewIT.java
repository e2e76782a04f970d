package dev.inferencemetrics.billing.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.browserless.internal.MockVaadin;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.notification.Notification;
import com.vaadin.flow.data.provider.SortDirection;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.billing.BillingTenant;
import dev.inferencemetrics.billing.CostOfTokens;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.UsagePeriod;
import dev.inferencemetrics.billing.UsageReport.DeploymentUsage;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.BrowserRequests;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.LargeFleet;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class UsageViewIT extends SpringBrowserlessTest {

    @Autowired
    ApplicationContext context;

    @Autowired
    TenantService tenants;

    @Autowired
    Clock clock;

    /** Tally Labs: this month 1,234,567 in / 765,432 out on a USD model and 1,000,000 / 1,000,000 on a EUR one. */
    @BeforeEach
    void aTenantWithUsageThisMonthAndLastMonth() {
        SeededTenant tally = SeededTenant.of(context, "tally-labs", "Tally Labs")
                .withUser("tally-admin", "Tam Admin", Role.TENANT_ADMIN)
                .withUser("tally-viewer", "Tia Viewer", Role.TENANT_VIEWER);
        LocalDate today = today();
        if (tally.addDeployment("tally-usd", "Tally USD", "0.45", "1.80", "USD")) {
            tally.addUsage(
                    "tally-usd",
                    List.of(
                            SeededTenant.day(today, 1_234_567, 765_432),
                            SeededTenant.day(today.withDayOfMonth(1).minusMonths(1), 5, 7)));
        }
        if (tally.addDeployment("tally-eur", "Tally EUR", "1", "2", "EUR")) {
            tally.addUsage("tally-eur", List.of(SeededTenant.day(today, 1_000_000, 1_000_000)));
        }
        LargeFleet.AT_REST.seed(context, LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
        yieldLabs(today.withDayOfMonth(1).minusMonths(1));
    }

    /**
     * Yield Labs: on the first day of last month 4 requests of 3,600,000 output tokens each (3 good, 1 over its TTFT
     * threshold), priced at USD 2.00 per million output tokens, on 1 GPU at USD 3.00 an hour from that day on.
     */
    private void yieldLabs(LocalDate day) {
        SeededTenant yield = SeededTenant.of(context, "yield-labs", "Yield Labs")
                .withUser("yield-viewer", "Yan Viewer", Role.TENANT_VIEWER);
        if (yield.addDeployment("yield-usd", "Yield USD", "1.00", "2.00", "USD")) {
            Instant start = day.atStartOfDay().toInstant(ZoneOffset.UTC);
            RequestRollup rollup = new RequestRollup(start);
            for (RequestOutcome outcome : List.of(
                    RequestOutcome.GOOD, RequestOutcome.GOOD, RequestOutcome.GOOD, RequestOutcome.TTFT_BREACH)) {
                rollup.addRequest(true, 0, 3_600_000);
                rollup.goodput().add(outcome, 3_600_000);
            }
            yield.addUsage("yield-usd", List.of(rollup));
            context.getBean(GpuCostService.class)
                    .schedule(TenantScope.allTenants(), "yield-usd", start, GpuCost.of(1, 1, "3.00", "USD"));
        }
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sees_goodput_and_what_each_deployments_tokens_cost_to_make_in_exact_decimals() {
        UsageView view = open("usage?period=last-month&tenant=yield-labs");

        DeploymentUsage row = test(view.tables.deployments).getRow(0);
        assertThat(row.deployment()).isEqualTo("yield-usd");
        // 3 of 4 requests good, and 10,800,000 of 14,400,000 output tokens
        assertThat(UsageText.goodput(row.total())).isEqualTo("75.0 % · 3 good");
        assertThat(row.total().tokenGoodputPct()).isEqualTo(75.0);
        // 24 h × 3.00 = 72.00; ÷ 14,400,000 × 10⁶ = 5.00; ÷ 10,800,000 × 10⁶ = 6.666667; 14,400,000 × 2.00 ÷ 10⁶
        // = 28.80 earned; 28.80 − 72.00 = −43.20
        CostOfTokens gpu = row.total().gpu();
        assertThat(List.of(
                        UsageCostColumns.text(gpu, CostOfTokens::gpuCost),
                        UsageCostColumns.text(gpu, CostOfTokens::costPerMtokOutput),
                        UsageCostColumns.text(gpu, CostOfTokens::costPerMtokGoodOutput),
                        UsageCostColumns.text(gpu, CostOfTokens::revenue),
                        UsageCostColumns.text(gpu, CostOfTokens::margin)))
                .containsExactly("USD 72.00", "USD 5.00", "USD 6.666667", "USD 28.80", "USD -43.20");
        for (String key : List.of("goodput", "tokenGoodput", "gpuCost", "perMtokOutput", "perMtokGood", "margin")) {
            assertThat(view.tables.deployments.getColumnByKey(key)).as(key).isNotNull();
            assertThat(view.tables.days.getColumnByKey(key)).as(key).isNotNull();
        }
        assertThat(view.cards.goodput.value.getText()).isEqualTo("75.0 %");
        assertThat(view.cards.gpuCost.isVisible()).isTrue();
        assertThat(view.cards.gpuCost.value.getText()).isEqualTo("USD 72.00");
        assertThat(view.cards.gpuCost.detail.getText()).contains("per Mtok good USD 6.666667", "margin USD -43.20");
    }

    @Test
    @WithUserDetails(value = "yield-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_sees_goodput_but_no_gpu_cost() {
        UsageView view = open("usage?period=last-month");

        DeploymentUsage row = test(view.tables.deployments).getRow(0);
        assertThat(row.total().goodRequests()).isEqualTo(3);
        assertThat(row.total().gpu()).isNull();
        assertThat(view.tables.deployments.getColumnByKey("goodput")).isNotNull();
        for (String key : List.of("gpuCost", "perMtokOutput", "perMtokGood", "revenue", "margin")) {
            assertThat(view.tables.deployments.getColumnByKey(key)).as(key).isNull();
            assertThat(view.tables.days.getColumnByKey(key)).as(key).isNull();
        }
        assertThat(view.cards.goodput.value.getText()).isEqualTo("75.0 %");
        assertThat(view.cards.gpuCost.isVisible()).isFalse();
    }

    @Test
    @WithUserDetails(value = "tally-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_viewer_sees_this_months_totals_of_their_tenant_without_filter_or_downloads() {
        UsageView view = navigate(UsageView.class);

        assertThat(view.cards.requests.value.getText()).isEqualTo("2");
        assertThat(view.cards.inputTokens.value.getText()).isEqualTo("2,234,567");
        assertThat(view.cards.outputTokens.value.getText()).isEqualTo("1,765,432");
        // USD: 1,234,567 × 0.45 + 765,432 × 1.80 = 0.55555515 + 1.3777776 = 1.93333275
        assertThat(view.cards.cost.value.getText()).isEqualTo("EUR 3.00 · USD 1.93");
        assertThat(slugs(view.tables.deployments)).containsExactly("tally-eur", "tally-usd");
        assertThat(view.tables.deployments.getColumnByKey("tenant")).isNull();
        assertThat(view.tenant.getParent()).isEmpty();
        assertThat(view.downloads.getParent()).isEmpty();
        assertThat(view.days.getText()).contains("from midnight in UTC");
    }

    @Test
    @WithUserDetails(value = "tally-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    @ExtendWith(OutputCaptureExtension.class)
    void a_failure_of_ours_on_the_page_says_so_with_an_error_id_that_is_logged_with_its_stack(CapturedOutput log) {
        navigate(UsageView.class);

        // what a grid threw when the browser asked it for more than ten pages at once
        UI.getCurrent().access(() -> {
            throw new IllegalArgumentException("Attempted to fetch more items from server than allowed in one go."
                    + " Maximum allowed page count is 10.");
        });
        MockVaadin.runUIQueue(true);

        String shown = $(Span.class).from($(Notification.class).last()).first().getText();
        assertThat(shown).startsWith("Something went wrong on our side.").doesNotContain("Check the dates");
        Matcher id = Pattern.compile("error id ([a-z0-9]{8})\\.$").matcher(shown);
        assertThat(id.find()).as(shown).isTrue();
        assertThat(log.getAll())
                .contains("[" + id.group(1) + "] A page failed")
                .contains("Maximum allowed page count is 10")
                .contains("\tat dev.inferencemetrics.billing.ui.UsageViewIT");
    }

    @Test
    @WithUserDetails(value = "tally-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_can_download_csv_and_json() {
        UsageView view = navigate(UsageView.class);

        assertThat(view.downloads.getChildren().map(c -> c.getElement().getText()))
                .containsExactly("Download CSV", "Download CSV for Excel", "Download JSON");
        assertThat(view.downloads.getChildren().map(c -> c.getElement().getAttribute("href")))
                .allSatisfy(href -> assertThat(href).isNotBlank());
    }

    @Test
    @WithUserDetails(value = "tally-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void custom_days_at_the_end_of_the_calendar_are_marked_in_plain_words_and_the_page_keeps_its_period() {
        UsageView view = navigate(UsageView.class);
        view.period.choice.setValue(PeriodPicker.Choice.CUSTOM);

        view.period.from.setValue(LocalDate.MAX.withDayOfMonth(1));
        view.period.through.setValue(LocalDate.MAX);

        assertThat(view.period.through.isInvalid()).isTrue();
        assertThat(view.period.through.getErrorMessage())
                .isEqualTo("Pick days between 1970-01-01 and 9999-11-30, To on or after From and at most 400 days"
                        + " later");
        assertThat(view.cards.inputTokens.value.getText()).isEqualTo("2,234,567");
    }

    @Test
    @WithUserDetails(value = "tally-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void last_month_and_custom_days_show_their_own_usage() {
        UsageView view = navigate(UsageView.class);

        view.period.choice.setValue(PeriodPicker.Choice.LAST_MONTH);

        assertThat(view.cards.inputTokens.value.getText()).isEqualTo("5");
        assertThat(view.cards.cost.value.getText()).isEqualTo("USD < 0.01");
        assertThat(view.tables.days.getListDataView().getItems().map(d -> d.day()))
                .containsExactly(today().withDayOfMonth(1).minusMonths(1));

        view.period.showPeriod(UsagePeriod.through(today(), today()));
        view.period.through.setValue(today().plusDays(1));

        assertThat(view.cards.inputTokens.value.getText()).isEqualTo("2,234,567");
        assertThat(view.days.getText()).startsWith(today() + " to " + today().plusDays(1) + " (2 days");
    }

    @Test
    @WithUserDetails(value = "tally-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_charts_show_daily_tokens_stacked_and_daily_cost_per_currency_over_the_whole_period() {
        UsageView view = navigate(UsageView.class);

        ChartConfig tokens = view.charts.tokens.getConfig().orElseThrow();
        ChartConfig cost = view.charts.cost.getConfig().orElseThrow();
        assertThat(tokens.type()).isEqualTo(ChartConfig.ChartType.BAR);
        assertThat(tokens.stacked()).isTrue();
        assertThat(tokens.timeAxis()).isEqualTo(ChartConfig.TimeAxis.DAY);
        assertThat(tokens.series()).extracting(ChartSeries::name).containsExactly("input", "output");
        assertThat(tokens.series().getFirst().data())
                .hasSize((int) UsagePeriod.thisMonth(today()).days());
        assertThat(tokens.series().getFirst().data())
                .filteredOn(point -> point.y() != null)
                .singleElement()
                .satisfies(point -> assertThat(point.y()).isEqualTo(2_234_567.0));
        assertThat(cost.stacked()).isFalse();
        assertThat(cost.series()).extracting(ChartSeries::name).containsExactly("EUR", "USD");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sees_every_tenant_and_can_narrow_to_one() {
        UsageView view = navigate(UsageView.class);
        assertThat(view.tables.deployments.getColumnByKey("tenant")).isNotNull();
        assertThat(view.days.getText()).contains("each tenant's billing time zone");

        view.tenant.setValue(view.tenant
                .getListDataView()
                .getItems()
                .filter(t -> t.slug().equals("tally-labs"))
                .findFirst()
                .orElseThrow());

        assertThat(slugs(view.tables.deployments)).containsExactly("tally-eur", "tally-usd");
        assertThat(view.cards.outputTokens.value.getText()).isEqualTo("1,765,432");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sets_the_billing_time_zone_of_the_tenant_shown() {
        tenants.createIfAbsent("zone-view-labs", "Zone View Labs");
        UsageView view = navigate(UsageView.class);
        assertThat(view.timeZone.isVisible()).isFalse();
        assertThat(view.timeZone.getListDataView().getItems().map(ZoneId::getId))
                .contains("UTC", "Asia/Kolkata", "America/New_York")
                .doesNotContain("Asia/Kathmandu");
        view.tenant.setValue(view.tenant
                .getListDataView()
                .getItems()
                .filter(t -> t.slug().equals("zone-view-labs"))
                .findFirst()
                .orElseThrow());

        view.changeTimeZone(ZoneId.of("Asia/Kolkata"));

        assertThat(view.timeZone.getValue()).isEqualTo(ZoneId.of("Asia/Kolkata"));
        assertThat(view.days.getText()).contains("from midnight in Asia/Kolkata");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_period_and_tenant_picked_are_in_the_address_and_the_address_opens_them_again() {
        UsageView view = navigate(UsageView.class);
        assertThat(view.address()).isEqualTo("usage");

        view.tenant.setValue(tallyLabs(view));
        view.period.choice.setValue(PeriodPicker.Choice.LAST_MONTH);
        assertThat(view.address()).isEqualTo("usage?period=last-month&tenant=tally-labs");

        UsageView shared = open(view.address());
        assertThat(shared.tenant.getValue().slug()).isEqualTo("tally-labs");
        assertThat(shared.period.choice.getValue()).isEqualTo(PeriodPicker.Choice.LAST_MONTH);
        assertThat(shared.cards.inputTokens.value.getText()).isEqualTo("5");

        UsageView back = open("usage");
        assertThat(back.tenant.getValue()).isNull();
        assertThat(back.period.choice.getValue()).isEqualTo(PeriodPicker.Choice.THIS_MONTH);
    }

    @Test
    @WithUserDetails(value = "tally-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void custom_days_in_the_address_use_the_usage_apis_exclusive_to_and_unreadable_ones_mean_this_month() {
        UsageView view = open("usage?from=" + today() + "&to=" + today().plusDays(2));

        assertThat(view.period.choice.getValue()).isEqualTo(PeriodPicker.Choice.CUSTOM);
        assertThat(view.period.through.getValue()).isEqualTo(today().plusDays(1));
        assertThat(view.cards.inputTokens.value.getText()).isEqualTo("2,234,567");
        assertThat(view.address()).isEqualTo("usage?from=" + today() + "&to=" + today().plusDays(2));

        UsageView unreadable = open("usage?from=yesterday&to=" + today() + "&tenant=other-tenant");
        assertThat(unreadable.period.choice.getValue()).isEqualTo(PeriodPicker.Choice.THIS_MONTH);
        assertThat(unreadable.cards.inputTokens.value.getText()).isEqualTo("2,234,567");
        assertThat(unreadable.address()).isEqualTo("usage");
    }

    @Test
    @WithUserDetails(value = LargeFleet.AT_REST_ADMIN, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_of_1000_deployments_pages_through_its_usage_and_finds_one_deployment_by_name() {
        UsageView view = navigate(UsageView.class);

        BrowserRequests.firstDraw(view.tables.deployments);

        assertThat(view.tables.deployments.isAllRowsVisible()).isFalse();
        assertThat(test(view.tables.deployments).size()).isEqualTo(LargeFleet.SIZE);
        assertThat(test(view.tables.deployments).getRow(0).deployment()).isEqualTo(LargeFleet.AT_REST.slug(1));
        assertThat(test(view.tables.deployments).getCellText(1, 0)).isEqualTo(LargeFleet.AT_REST.name(2));
        assertThat(view.cards.requests.value.getText()).isEqualTo("1,000");

        view.tables.filter.setValue("0737");

        assertThat(test(view.tables.deployments).size()).isEqualTo(1);
        assertThat(test(view.tables.deployments).getRow(0).deployment()).isEqualTo(LargeFleet.AT_REST.slug(737));
        // 737,000 input tokens at 1 USD and 737 output tokens at 2 USD per million
        assertThat(test(view.tables.deployments).getCellText(0, 3)).isEqualTo("737,000");
        assertThat(test(view.tables.deployments).getCellText(0, 5)).isEqualTo("USD 0.74");
    }

    @Test
    @WithUserDetails(value = LargeFleet.AT_REST_ADMIN, setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_per_deployment_usage_sorts_in_postgresql_across_all_pages() {
        UsageView view = navigate(UsageView.class);

        test(view.tables.deployments).sortByColumn("input", SortDirection.DESCENDING);

        assertThat(test(view.tables.deployments).getRow(0).deployment()).isEqualTo(LargeFleet.AT_REST.slug(1000));
        assertThat(test(view.tables.deployments).getRow(999).deployment()).isEqualTo(LargeFleet.AT_REST.slug(1));
    }

    /** Opens an address as a shared link or back and forward do: a navigation the router hands to the view. */
    private UsageView open(String address) {
        int query = address.indexOf('?');
        UI.getCurrent()
                .navigate(
                        UsageView.class,
                        query < 0 ? QueryParameters.empty() : QueryParameters.fromString(address.substring(query + 1)));
        return (UsageView) getCurrentView();
    }

    private static BillingTenant tallyLabs(UsageView view) {
        return view.tenant
                .getListDataView()
                .getItems()
                .filter(t -> t.slug().equals("tally-labs"))
                .findFirst()
                .orElseThrow();
    }

    private LocalDate today() {
        return LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
    }

    private static List<String> slugs(Grid<DeploymentUsage> grid) {
        return grid.getGenericDataView()
                .getItems()
                .map(DeploymentUsage::deployment)
                .toList();
    }
}
