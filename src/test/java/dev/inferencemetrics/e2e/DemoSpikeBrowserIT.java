package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.demo.DemoHistory;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The demo's qwen3-coder burst, explained in the browser by the demo's tenant admin: a click on the burst lists its
 * slow requests with their token counts, an annotation of that interval is marked on every chart, and the heatmap
 * shows the burst as a band above the usual one.
 */
@IntegrationTest
class DemoSpikeBrowserIT {

    private static final String SLUG = "qwen3-coder";

    @LocalServerPort
    int port;

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    Clock clock;

    private Browser browser;

    /** The last hour of demo traffic, its 20-minute burst from 40 to 20 minutes ago. */
    @BeforeEach
    void theDemoBurstInTheLastHour() {
        Instant now = clock.instant();
        DemoHistory.ingest(
                deployments, ingest, SLUG, now.minus(Duration.ofMinutes(20)), now.minus(Duration.ofMinutes(61)), now);
        browser = Browser.open(port);
        browser.signIn("acme-admin", "demo");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void a_click_on_the_burst_lists_its_slow_requests_is_annotated_and_the_heatmap_shows_it_as_a_band()
            throws Exception {
        browser.open("/deployments/" + SLUG + "?range=1h");
        browser.drawnCharts(7, "svg.apexcharts-svg");

        // the middle of the TTFT chart is 30 minutes ago: inside the burst
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            WebElement ttft = browser.all(".chart-grid im-apex-chart").getFirst();
            WebElement plot = Browser.shadowOf(ttft).findElement(By.cssSelector(".apexcharts-grid"));
            new Actions(d)
                    .moveToElement(plot, -10, 0)
                    .pause(Duration.ofMillis(300))
                    .moveToElement(plot, 0, 0)
                    .pause(Duration.ofMillis(300))
                    .click()
                    .perform();
            return true;
        });
        List<String> cells = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<String> texts = browser.all(".drill-down vaadin-grid-cell-content").stream()
                    .map(WebElement::getText)
                    .toList();
            return texts.stream().anyMatch(text -> text.startsWith(SLUG + "-")) ? texts : null;
        });
        assertThat(cells).contains("Request id", "TTFT", "Input tokens", "Output tokens");
        assertThat(cells).anyMatch(text -> text.matches("\\d{3} ms|\\d\\.\\d+ s"));
        browser.screenshot("demo-burst-requests");

        // the person annotates the clicked interval and finds the note on every chart and in the panel
        String note = "burst " + Long.toString(System.nanoTime(), 36);
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.xpath("//*[contains(@class,'drill-down')]//vaadin-button[normalize-space(.)="
                            + "'Annotate this interval']"))
                    .click();
            return true;
        });
        browser.setValue("vaadin-text-area.annotation-text", note);
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.cssSelector("vaadin-button.annotation-add")).click();
            return true;
        });
        List<List<String>> labels = browser.readUntil(
                Duration.ofSeconds(30),
                d -> browser.all(".chart-grid im-apex-chart").stream()
                        .map(DemoSpikeBrowserIT::xAxisLabels)
                        .toList(),
                read -> onEveryChart(read, note),
                List.of());
        // the seven latency and traffic charts, and the demo's queue-time chart
        assertThat(labels).hasSize(8).allSatisfy(chart -> assertThat(chart).contains(note));
        String listed =
                browser.waitUntil(Duration.ofSeconds(30), d -> browser.all(".interval-annotation__text").stream()
                        .map(WebElement::getText)
                        .filter(note::equals)
                        .findFirst()
                        .orElse(null));
        assertThat(listed).isEqualTo(note);

        WebElement heatmap = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<WebElement> charts = browser.all("im-heatmap-chart");
            return charts.isEmpty()
                            || Browser.shadowOf(charts.getFirst())
                                    .findElements(By.cssSelector("rect.cell"))
                                    .isEmpty()
                    ? null
                    : charts.getFirst();
        });
        List<Cell> drawn = Browser.shadowOf(heatmap).findElements(By.cssSelector("rect.cell")).stream()
                .map(Cell::of)
                .toList();
        double width = drawn.stream().mapToDouble(Cell::x).max().orElseThrow();
        double before = meanY(drawn, 0.02 * width, 0.3 * width);
        double during = meanY(drawn, 0.4 * width, 0.6 * width);
        // SVG y grows downwards: the burst's slower requests sit higher, at smaller y
        assertThat(during).isLessThan(before);
        ((JavascriptExecutor) browser.driver).executeScript("arguments[0].scrollIntoView({block: 'center'})", heatmap);
        browser.waitUntil(Duration.ofSeconds(30), d -> (Boolean) ((JavascriptExecutor) d)
                .executeScript(
                        "const r = arguments[0].getBoundingClientRect(); return r.top < innerHeight && r.bottom > 0;",
                        heatmap));
        browser.screenshot("demo-burst-heatmap");
    }

    private static boolean onEveryChart(List<List<String>> labels, String note) {
        return labels.size() == 8 && labels.stream().allMatch(chart -> chart.contains(note));
    }

    /** SVG text has no rendered text for WebDriver; its content is what is drawn. */
    private static List<String> xAxisLabels(WebElement chart) {
        SearchContext root = Browser.shadowOf(chart);
        return root.findElements(By.cssSelector(".apexcharts-xaxis-annotations text")).stream()
                .map(label -> label.getDomProperty("textContent"))
                .toList();
    }

    /** The count-weighted mean height of the cells whose left edge lies in {@code [from, to)}. */
    private static double meanY(List<Cell> cells, double from, double to) {
        double weighted = 0;
        long count = 0;
        for (Cell cell : cells) {
            if (cell.x() >= from && cell.x() < to) {
                weighted += cell.y() * cell.count();
                count += cell.count();
            }
        }
        assertThat(count).as("requests drawn between x %.0f and %.0f", from, to).isPositive();
        return weighted / count;
    }

    private record Cell(double x, double y, long count) {
        static Cell of(WebElement rect) {
            return new Cell(
                    Double.parseDouble(rect.getDomAttribute("x")),
                    Double.parseDouble(rect.getDomAttribute("y")),
                    Long.parseLong(rect.getDomAttribute("data-count")));
        }
    }
}
