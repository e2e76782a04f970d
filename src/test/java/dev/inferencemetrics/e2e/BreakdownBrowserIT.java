package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.vaadin.flow.server.VaadinServletContext;
import com.vaadin.flow.server.startup.ApplicationConfiguration;
import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The Metrics tab's breakdown on the production bundle: two consumers of one deployment, acme slow and beta fast. The
 * table lists both; a click on acme's row puts {@code ?consumer=acme} in the address and the TTFT card shows acme's
 * p50, and the address reloaded opens the page narrowed still. Run it with {@code -Pproduction}; in a
 * development-mode run it is skipped, except on CI, where that is a failure.
 */
@IntegrationTest
class BreakdownBrowserIT {

    // a deployment of its own per run, so a database kept between runs holds no earlier run's requests
    private static final String SLUG = "breakdown-" + Long.toString(System.nanoTime(), 36);
    private static final String TTFT_P50 = ".summary-cards .metric-card__value";

    @LocalServerPort
    int port;

    @Autowired
    ServletContext servletContext;

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    DimensionDeltaFold fold;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    private Browser browser;

    @BeforeEach
    void theProductionBundleIsServed() {
        boolean production = ApplicationConfiguration.get(new VaadinServletContext(servletContext))
                .isProductionMode();
        if ("true".equals(System.getenv("CI"))) {
            assertThat(production)
                    .as("CI runs the README's test command, which builds the production bundle (-Pproduction)")
                    .isTrue();
        }
        assumeTrue(production, "runs against the production bundle: ./mvnw -Pproduction verify");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void a_click_on_the_slow_consumer_narrows_the_page_to_it_in_a_link_that_keeps_it() throws IOException {
        plantTwoConsumers();
        browser = Browser.open(port);
        browser.signIn("operator", "demo");
        browser.open("/deployments/" + SLUG);

        List<String> cells = browser.readUntil(
                Duration.ofSeconds(60),
                d -> breakdownCells(),
                read -> read.contains("acme") && read.contains("beta"),
                List.of());
        assertThat(cells).contains("acme", "beta", "20", "30");
        // every request: the 25th and 26th of 50 are beta's, at 124 and 125 ms
        assertThat(browser.text(TTFT_P50)).matches("12\\d ms");

        WebElement acme = browser.waitUntil(
                Duration.ofSeconds(30), d -> browser.all(".breakdown vaadin-grid-cell-content").stream()
                        .filter(cell -> cell.getText().trim().equals("acme"))
                        .findFirst()
                        .orElse(null));
        // the tab's content scrolls within the page: bring the row on screen, as a person would, and click it
        ((JavascriptExecutor) browser.driver).executeScript("arguments[0].scrollIntoView({block: 'center'});", acme);
        acme.click();

        String p50 = browser.readUntil(
                Duration.ofSeconds(30), d -> textContent(TTFT_P50), text -> text.matches("9[01]\\d ms"), "");
        assertThat(p50).matches("9[01]\\d ms");
        assertThat(browser.url()).contains("consumer=acme");
        assertThat(textContent(".page-filter__value")).isEqualTo("Consumer: acme");

        browser.driver.navigate().refresh();

        assertThat(browser.readUntil(
                        Duration.ofSeconds(60),
                        d -> browser.all(".page-filter__value").stream()
                                .map(WebElement::getText)
                                .findFirst()
                                .orElse(""),
                        text -> !text.isEmpty(),
                        ""))
                .isEqualTo("Consumer: acme");
        assertThat(browser.text(TTFT_P50)).matches("9[01]\\d ms");
        assertThat(browser.url()).contains("consumer=acme");
        assertThat(browser.undefinedElements()).isEmpty();
        assertThat(browser.consoleErrors()).isEmpty();
        browser.screenshot("breakdown-narrowed");
    }

    /** The text of the first element the selector finds, shown or scrolled out of the tab's view alike. */
    private String textContent(String css) {
        Object text = ((JavascriptExecutor) browser.driver)
                .executeScript(
                        "const element = document.querySelector(arguments[0]);"
                                + " return element ? element.textContent.trim() : '';",
                        css);
        return text == null ? "" : text.toString();
    }

    private List<String> breakdownCells() {
        return browser.all(".breakdown vaadin-grid-cell-content").stream()
                .map(cell -> cell.getText().trim())
                .toList();
    }

    /** acme: 20 requests at 900–919 ms TTFT; beta: 30 at 100–129 ms; twenty minutes ago. */
    private void plantTwoConsumers() {
        long tenant = tenants.createIfAbsent("breakdown-screen-labs", "Breakdown Screen Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, SLUG, "Shared on screen", "m", "vLLM", "eu"));
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(20, ChronoUnit.MINUTES);
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            samples.add(request("acme-" + i, start.plusSeconds(i), 900 + i, "acme"));
        }
        for (int i = 0; i < 30; i++) {
            samples.add(request("beta-" + i, start.plusSeconds(30 + i), 100 + i, "beta"));
        }
        ingest.ingestRequests(new ApiClient(tenant, 0, "test", ApiScope.tenantScopes()), SLUG, samples);
        fold.foldWaiting();
    }

    private JsonNode request(String id, Instant ts, double ttftMs, String consumer) {
        return json.readTree(String.format(
                Locale.ROOT,
                "{\"requestId\":\"%s\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"tpotMs\":10,"
                        + "\"inputTokens\":100,\"outputTokens\":50,\"consumer\":\"%s\"}",
                id,
                ts,
                ttftMs,
                ttftMs + 490,
                consumer));
    }
}
