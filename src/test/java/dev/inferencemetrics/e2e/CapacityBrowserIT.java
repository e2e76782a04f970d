package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.demo.DemoHistory;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The Capacity tab as a browser draws it on the demo's Llama: TTFT dots against requests in flight, the knee in words,
 * and the sizing panel with the monthly cost of each target from the Llama's GPU cost.
 */
@IntegrationTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class CapacityBrowserIT {

    private static final String LLAMA = "llama-3-1-70b";

    @LocalServerPort
    int port;

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    Clock clock;

    @Autowired
    GpuCostService gpuCosts;

    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void the_capacity_tab_draws_ttft_against_requests_in_flight_and_sizes_replicas() throws Exception {
        Instant to = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        // six hours of the demo's Llama, whose queueing bends its tail (LlamaKneeIT), inside the tab's 24-hour window
        DemoHistory.ingest(deployments, ingest, LLAMA, to, to.minus(Duration.ofHours(6)), to);
        if (gpuCosts.history(TenantScope.allTenants(), LLAMA).isEmpty()) {
            gpuCosts.schedule(TenantScope.allTenants(), LLAMA, null, GpuCost.of(8, 2, "2.50", "USD"));
        }
        browser = Browser.open(port);
        browser.signIn("operator", "demo");

        browser.open("/deployments/" + LLAMA);
        WebElement tab =
                browser.waitUntil(Duration.ofSeconds(30), d -> d.findElements(By.cssSelector("vaadin-tab")).stream()
                        .filter(t -> t.getText().trim().equals("Capacity"))
                        .findFirst()
                        .orElse(null));
        ((JavascriptExecutor) browser.driver).executeScript("arguments[0].click();", tab);

        List<String> legend = browser.waitUntil(Duration.ofSeconds(60), d -> {
            List<WebElement> hosts = browser.all(".capacity im-apex-chart");
            if (hosts.isEmpty()) {
                return null;
            }
            SearchContext root = Browser.shadowOf(hosts.getFirst());
            if (root.findElements(By.cssSelector(".apexcharts-marker")).isEmpty()) {
                return null;
            }
            return root.findElements(By.cssSelector(".apexcharts-legend-text")).stream()
                    .map(WebElement::getText)
                    .toList();
        });

        assertThat(legend).containsExactly("TTFT p99", "TTFT p50");
        assertThat(browser.text(".capacity-knee")).matches("Tail latency climbs above ~[0-9.]+ requests in flight.*");
        assertThat(browser.text(".capacity-evidence")).startsWith("Rests on ");
        assertThat(browser.text(".capacity-plan"))
                .matches("[0-9]+ replicas: each serves .* Monthly cost: [A-Z]{3} [0-9,]+\\.[0-9]{2}\\.");
        assertThat(browser.text(".capacity-price")).startsWith("A replica costs ");
        List<String> targets = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<String> cells = browser.all(".capacity-targets vaadin-grid-cell-content").stream()
                    .map(WebElement::getText)
                    .toList();
            return cells.contains("200 ms") && cells.contains("500 ms") ? cells : null;
        });
        assertThat(targets).contains("200 ms", "300 ms", "400 ms", "500 ms", "Monthly cost");
        assertThat(targets).anyMatch(cell -> cell.matches("[A-Z]{3} [0-9,]+\\.[0-9]{2}"));
        assertThat(browser.consoleErrors()).isEmpty();
        browser.screenshot("capacity-tab");
    }
}
