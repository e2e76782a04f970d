package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

@IntegrationTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class UsagePageBrowserIT {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    ObjectMapper json;

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

    @Test
    void grouped_by_consumer_the_page_lists_each_consumers_tokens_in_a_link_that_keeps_the_grouping() {
        String run = Long.toString(System.nanoTime(), 36);
        SeededTenant tenant = SeededTenant.of(context, "consumers-" + run, "Consumer Screen Labs")
                .withUser("consumers-" + run, "Cora Admin", Role.TENANT_ADMIN);
        tenant.addDeployment("consumed", "Consumed model", "0.45", "1.80", "USD");
        Instant sent = clock.instant().minusSeconds(30);
        context.getBean(IngestService.class)
                .ingestRequests(
                        tenant.gateway(),
                        "consumed",
                        List.of(
                                request("acme-1", sent, 12_000, "acme"),
                                request("acme-2", sent, 345, "acme"),
                                request("beta-1", sent, 678, "beta")));
        context.getBean(DimensionDeltaFold.class).foldWaiting();
        LocalDate day = LocalDate.ofInstant(sent, ZoneOffset.UTC);
        browser = Browser.open(port);
        browser.signIn("consumers-" + run, "demo");
        browser.open("/usage?from=" + day + "&to=" + day.plusDays(1));
        browser.awaitServerRoundTrips();

        browser.pick(".usage-group-by", "Consumer");

        List<List<String>> lines =
                browser.readUntil(Duration.ofSeconds(30), d -> consumerLines(), read -> read.size() == 2, List.of());
        assertThat(lines)
                .extracting(cells -> cells.getFirst() + " " + cells.get(1) + " " + cells.get(3))
                .containsExactlyInAnyOrder("acme 2 12,345", "beta 1 678");
        assertThat(browser.url()).contains("by=consumer");
        assertThat(browser.undefinedElements()).isEmpty();
        assertThat(browser.consoleErrors()).isEmpty();
    }

    /** Each shown row of the per-consumer table: consumer, requests, successful, input tokens, output tokens, cost. */
    @SuppressWarnings("unchecked")
    private List<List<String>> consumerLines() {
        List<List<String>> rows = (List<List<String>>) ((JavascriptExecutor) browser.driver).executeScript("""
                const grid = document.querySelector('.usage-lines vaadin-grid');
                if (!grid || !grid.shadowRoot || grid.offsetParent === null) return [];
                return Array.from(grid.shadowRoot.querySelectorAll('tbody#items tr'))
                  .filter(tr => !tr.hidden)
                  .map(tr => Array.from(tr.querySelectorAll('td'))
                    .filter(td => !td.hidden)
                    .map(td => {
                      const slot = td.querySelector('slot');
                      return slot ? slot.assignedElements().map(e => e.textContent).join('').trim() : '';
                    }))
                  .filter(cells => cells.length && cells[0] !== '');
                """);
        return rows == null ? List.of() : rows;
    }

    private JsonNode request(String id, Instant ts, int inputTokens, String consumer) {
        ObjectNode sample = json.createObjectNode();
        sample.put("requestId", id);
        sample.put("ts", ts.toString());
        sample.put("status", "ok");
        sample.put("ttftMs", 80.0);
        sample.put("e2eMs", 900.0);
        sample.put("inputTokens", inputTokens);
        sample.put("outputTokens", 10);
        sample.put("consumer", consumer);
        return sample;
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
