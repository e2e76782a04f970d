package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

@IntegrationTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class UsagePageBrowserIT {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void the_usage_page_draws_daily_token_and_cost_bars_beside_its_tables() throws Exception {
        signInWithFortyDaysOfUsage();

        browser.open("/usage");
        List<DrawnChart> charts = browser.drawnCharts(2, ".apexcharts-bar-series");

        assertThat(charts).extracting(DrawnChart::title).containsExactly("Tokens per day", "Cost per day (USD)");
        assertThat(charts.getFirst().legend()).containsExactly("input", "output");
        assertThat(browser.all(".usage-download"))
                .extracting(WebElement::getText)
                .containsExactly("Download CSV", "Download CSV for Excel", "Download JSON");
        assertThat(browser.all("vaadin-grid")).hasSize(2);
        browser.screenshot("usage-page");
    }

    @Test
    void picking_last_month_redraws_both_charts_over_its_days_under_their_own_titles() {
        signInWithFortyDaysOfUsage();
        browser.open("/usage");
        browser.chartsOnceThey(Duration.ofSeconds(60), charts -> charts.size() == 2);
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        LocalDate firstOfLastMonth = today.withDayOfMonth(1).minusMonths(1);
        long daysWithUsage = firstOfLastMonth
                .datesUntil(today.withDayOfMonth(1))
                .filter(day -> !day.isBefore(today.minusDays(39)))
                .count();

        browser.pick(".usage-view vaadin-select", "Last month");

        List<ChartReading> charts = browser.chartsOnceThey(
                Duration.ofSeconds(30),
                read -> read.size() == 2 && read.get(1).points().equals(List.of(daysWithUsage)));
        assertThat(charts).extracting(ChartReading::title).containsExactly("Tokens per day", "Cost per day (USD)");
        assertThat(charts.getFirst().legend()).containsExactly("input", "output");
        assertThat(charts.getFirst().points()).containsExactly(daysWithUsage, daysWithUsage);
        assertThat(charts.get(1).points()).containsExactly(daysWithUsage);
    }

    private void signInWithFortyDaysOfUsage() {
        SeededTenant invoice = SeededTenant.of(context, "invoice-labs", "Invoice Labs")
                .withUser("invoice-admin", "Ida Admin", Role.TENANT_ADMIN);
        if (invoice.addDeployment("invoiced", "Invoiced model", "0.45", "1.80", "USD")) {
            invoice.addUsage("invoiced", lastFortyDays());
        }
        browser = Browser.open(port);
        browser.signIn("invoice-admin", "demo");
    }

    private List<RequestRollup> lastFortyDays() {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        List<RequestRollup> days = new ArrayList<>();
        for (int back = 0; back < 40; back++) {
            days.add(SeededTenant.day(
                    today.minusDays(back), 400_000 + 9_000 * (back % 7), 900_000 + 40_000 * (back % 5)));
        }
        return days;
    }
}
