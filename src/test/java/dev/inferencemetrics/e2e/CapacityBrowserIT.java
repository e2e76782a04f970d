package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.demo.DemoHistory;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
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

/** The Capacity tab as a browser draws it: TTFT dots against requests in flight, the knee line and the sizing. */
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
        DemoHistory.ingest(deployments, ingest, LLAMA, to, to.minus(Duration.ofMinutes(40)), to);
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
        assertThat(browser.text(".capacity-knee")).isNotBlank();
        assertThat(browser.text(".capacity-evidence")).startsWith("Rests on ");
        assertThat(browser.text(".capacity-plan")).contains("replicas: each serves");
        assertThat(browser.all(".capacity-targets")).hasSize(1);
        assertThat(browser.consoleErrors()).isEmpty();
        browser.screenshot("capacity-tab");
    }
}
