package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.KvReadingJson;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Explaining a spike on the Metrics tab of a deployment whose last minutes were a burst of slow requests: a click on
 * the burst lists its slowest requests, and a tenant admin's annotation is marked on every chart of the page.
 */
class AnnotationsBrowserIT extends HttpIntegrationTest {

    private static final String NOTE = "max-num-seqs 256 to 128";

    @Autowired
    UserAccounts users;

    private Browser browser;
    private String deployment;

    @BeforeEach
    void aDeploymentWithAnHourOfTraffic() {
        TestTenant tenant = TestTenant.create(context, "annotation-page");
        deployment = tenant.deployment("noted");
        Instant now = clock.instant();
        Instant burst = now.truncatedTo(java.time.temporal.ChronoUnit.MINUTES).minus(Duration.ofMinutes(4));
        List<RequestSampleJson> samples = IntStream.range(0, 600)
                .mapToObj(i -> {
                    Instant ts = now.minusSeconds(6L * i + 1);
                    boolean slow = !ts.isBefore(burst);
                    return RequestSampleJson.ok((slow ? "burst-" : "noted-") + i, ts)
                            .ttft(slow ? 2_000 + i : 80 + i % 40)
                            .e2e(slow ? 6_000 + i : 900 + i % 200)
                            .tokens(slow ? 8_000 + i : 500, 200);
                })
                .toList();
        api.ingestRequests(tenant.fullKey(), deployment, samples);
        api.ingestKvCache(
                tenant.fullKey(),
                deployment,
                IntStream.range(0, 60)
                        .mapToObj(i -> KvReadingJson.reading("pod-0", now.minusSeconds(60L * i + 1), 20 + i % 7))
                        .toList());
        String admin = "annotation-admin-" + tenant.id();
        users.createIfAbsent(tenant.id(), admin, "Ann Admin", "a long password", Role.TENANT_ADMIN);
        browser = Browser.open(port);
        browser.signIn(admin, "a long password");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void an_annotation_added_from_the_toolbar_is_marked_on_every_chart() throws Exception {
        browser.open("/deployments/" + deployment + "?range=1h");
        browser.drawnCharts(7, "svg.apexcharts-svg");

        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.cssSelector("vaadin-button.annotate")).click();
            return true;
        });
        browser.setValue("vaadin-text-area.annotation-text", NOTE);
        browser.setValue("vaadin-text-field.annotation-tags", "tuning, vllm");
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.cssSelector("vaadin-button.annotation-add")).click();
            return true;
        });

        List<List<String>> labels = browser.readUntil(
                Duration.ofSeconds(30),
                d -> browser.all(".chart-grid im-apex-chart").stream()
                        .map(AnnotationsBrowserIT::xAxisLabels)
                        .toList(),
                AnnotationsBrowserIT::onEveryChart,
                List.of());
        assertThat(labels).hasSize(7).allSatisfy(chart -> assertThat(chart).contains(NOTE));
        browser.screenshot("annotation-on-every-chart");
    }

    @Test
    void a_click_on_the_burst_lists_its_slowest_requests_with_their_token_counts() throws Exception {
        browser.open("/deployments/" + deployment + "?range=1h");
        browser.drawnCharts(7, "svg.apexcharts-svg");

        // the burst fills the last minutes drawn: the point at the right edge of the TTFT chart is one of them
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            WebElement ttft = browser.all(".chart-grid im-apex-chart").getFirst();
            WebElement plot = Browser.shadowOf(ttft).findElement(By.cssSelector(".apexcharts-grid"));
            int right = plot.getRect().getWidth() / 2 - 2;
            new Actions(d)
                    .moveToElement(plot, right - 10, 0)
                    .pause(Duration.ofMillis(300))
                    .moveToElement(plot, right, 0)
                    .pause(Duration.ofMillis(300))
                    .click()
                    .perform();
            return true;
        });

        List<String> cells = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<String> texts = browser.all(".drill-down vaadin-grid-cell-content").stream()
                    .map(WebElement::getText)
                    .toList();
            return texts.stream().anyMatch(text -> text.startsWith("burst-")) ? texts : null;
        });
        assertThat(browser.text(".drill-down h2")).startsWith("Requests");
        assertThat(cells).contains("Request id", "TTFT", "Input tokens", "Output tokens", "ok");
        assertThat(cells.stream().filter(text -> text.startsWith("noted-"))).isEmpty();
        assertThat(cells).anyMatch(text -> text.matches("2\\.\\d+ s")).anyMatch(text -> text.matches("8,\\d{3}"));
        browser.screenshot("drill-down");
    }

    private static boolean onEveryChart(List<List<String>> labels) {
        return labels.size() == 7 && labels.stream().allMatch(chart -> chart.contains(NOTE));
    }

    /** SVG text has no rendered text for WebDriver; its content is what is drawn. */
    private static List<String> xAxisLabels(WebElement chart) {
        SearchContext root = Browser.shadowOf(chart);
        return root.findElements(By.cssSelector(".apexcharts-xaxis-annotations text")).stream()
                .map(label -> label.getDomProperty("textContent"))
                .toList();
    }
}
