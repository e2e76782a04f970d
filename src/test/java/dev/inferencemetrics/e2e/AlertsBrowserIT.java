package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.alert.AlertEvaluator;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/** A deployment whose TTFT regressed for an hour until 20 minutes ago: its page alert shows on the Alerts page and on the charts. */
class AlertsBrowserIT extends HttpIntegrationTest {

    @Autowired
    UserAccounts users;

    @Autowired
    AlertEvaluator evaluator;

    private static final String NEW_YORK = "America/New_York";

    private Browser browser;
    private String deployment;
    private Instant firedAt;

    @BeforeEach
    void aDeploymentThatBurnsItsBudget() {
        TestTenant tenant = TestTenant.create(context, "alert-page");
        deployment = tenant.deployment("slow");
        firedAt = clock.instant().minus(Duration.ofMinutes(20));
        List<RequestSampleJson> samples = IntStream.range(0, 600)
                .mapToObj(i -> RequestSampleJson.ok("slow-" + i, firedAt.minusSeconds(6L * i))
                        .ttft(1_500)
                        .e2e(2_700))
                .toList();
        api.ingestRequests(tenant.fullKey(), deployment, samples);
        evaluator.evaluate(TenantScope.tenant(tenant.id()), firedAt, () -> true);
        users.createIfAbsent(
                tenant.id(), "alert-page-admin-" + tenant.id(), "Alma Admin", "a long password", Role.TENANT_ADMIN);
        browser = Browser.open(port, NEW_YORK);
        browser.signIn("alert-page-admin-" + tenant.id(), "a long password");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void the_alerts_page_lists_the_firing_page_and_the_metrics_charts_shade_the_time_it_fired() throws Exception {
        browser.open("/alerts");
        List<String> cells = browser.waitUntil(Duration.ofSeconds(60), d -> {
            List<String> texts = browser.all("vaadin-grid-cell-content").stream()
                    .map(WebElement::getText)
                    .toList();
            return texts.contains("TTFT fast burn") ? texts : null;
        });
        assertThat(cells).contains("Test slow", "Firing", "page", "TTFT slow burn", "Acknowledge");
        // written as the Metrics page writes them: the deployment's name, the viewer's own time with its zone named
        assertThat(cells).doesNotContain(deployment);
        assertThat(browser.text(".alerts-summary")).endsWith(" Times in " + NEW_YORK + ".");
        assertThat(cells)
                .anyMatch(cell -> cell.matches("\\d{1,2} [A-Z][a-z]{2} \\d{4} \\d\\d:\\d\\d")
                        && cell.endsWith(firedAt.atZone(ZoneId.of(NEW_YORK))
                                .format(DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH))))
                .noneMatch(cell -> cell.contains("UTC"));
        browser.screenshot("alerts-page");

        browser.open("/deployments/" + deployment);
        browser.drawnCharts(4, "svg.apexcharts-svg");
        List<String> bandLabels = browser.waitUntil(Duration.ofSeconds(60), d -> {
            WebElement ttft = browser.all(".chart-grid im-apex-chart").getFirst();
            SearchContext root = Browser.shadowOf(ttft);
            // SVG text has no rendered text for WebDriver; its content is what is drawn
            List<String> labels = root.findElements(By.cssSelector(".apexcharts-xaxis-annotations text")).stream()
                    .map(label -> label.getDomProperty("textContent"))
                    .toList();
            return root.findElements(By.cssSelector(".apexcharts-xaxis-annotations rect"))
                            .isEmpty()
                    ? null
                    : labels;
        });
        assertThat(bandLabels).contains("TTFT fast burn");
        assertThat(browser.all(".budget-card .budget-card__title"))
                .extracting(WebElement::getText)
                .containsExactly("TTFT", "ITL", "Availability");
        browser.screenshot("alert-bands");
    }
}
