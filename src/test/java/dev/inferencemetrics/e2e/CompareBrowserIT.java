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
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The demo's qwen3-coder burst hour against the hour after it, as the demo's tenant admin compares them from the
 * Metrics tab: the delta table shows TTFT p99 lower in the later hour beyond the noise, and the latency charts of
 * both hours are drawn on top of each other.
 */
@IntegrationTest
class CompareBrowserIT {

    private static final String SLUG = "qwen3-coder";

    /** Every row of the delta table as drawn: each cell's text, the row's part names and its font weight. */
    private static final String DELTA_ROWS = """
            const grid = arguments[0];
            return Array.from(grid.shadowRoot.querySelectorAll('tbody#items tr'))
              .filter(tr => !tr.hidden)
              .map(tr => {
                const cells = Array.from(tr.querySelectorAll('td'));
                return {
                  cells: cells.map(td => {
                    const slot = td.querySelector('slot');
                    return slot ? slot.assignedElements().map(e => e.textContent).join('').trim() : '';
                  }),
                  parts: cells.map(td => td.getAttribute('part') || '').join(' '),
                  weight: cells.length ? getComputedStyle(cells[0]).fontWeight : ''
                };
              });
            """;

    @LocalServerPort
    int port;

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    Clock clock;

    private Browser browser;
    private Instant hourOfBurst;

    /**
     * Two hours of demo traffic: the first holds the 20-minute burst (20 to 40 minutes in), the second is calm. Two
     * days back, since other tests send qwen3-coder traffic (bursts included) to the last few hours of the shared
     * test database.
     */
    @BeforeEach
    void theDemoBurstHourAndTheHourAfter() {
        hourOfBurst = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofDays(2));
        DemoHistory.ingest(
                deployments,
                ingest,
                SLUG,
                hourOfBurst.plus(Duration.ofMinutes(40)),
                hourOfBurst,
                hourOfBurst.plus(Duration.ofHours(2)));
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
    void the_hour_after_the_burst_has_the_lower_ttft_p99_beyond_the_noise() throws Exception {
        Instant hourAfter = hourOfBurst.plus(Duration.ofHours(1));
        browser.open("/deployments/" + SLUG + "?from=" + hourOfBurst + "&to=" + hourAfter);
        browser.drawnCharts(7, "svg.apexcharts-svg");

        browser.waitUntil(Duration.ofSeconds(30), d -> {
            d.findElement(By.cssSelector(".compare-menu vaadin-menu-bar-button"))
                    .click();
            return true;
        });
        browser.waitUntil(Duration.ofSeconds(30), d -> d.findElements(By.cssSelector("vaadin-menu-bar-item")).stream()
                .filter(item -> item.isDisplayed() && item.getText().trim().equals("The hour after"))
                .findFirst()
                .map(item -> {
                    item.click();
                    return true;
                })
                .orElse(null));
        browser.waitUntil(Duration.ofSeconds(30), d -> d.getCurrentUrl().contains("/compare"));
        assertThat(browser.url())
                .contains("a=" + SLUG)
                .contains("aFrom=" + hourOfBurst)
                .contains("aTo=" + hourAfter)
                .contains("bFrom=" + hourAfter);

        WebElement table =
                browser.waitUntil(Duration.ofSeconds(30), d -> d.findElement(By.cssSelector(".compare-deltas")));
        DeltaRow ttftP99 = browser.waitUntil(Duration.ofSeconds(30), d -> deltaRows(table).stream()
                .filter(row -> row.cells().size() == 5 && row.cells().getFirst().equals("TTFT p99"))
                .findFirst()
                .orElse(null));
        assertThat(ttftP99.cells().get(4)).isEqualTo("B better, beyond noise");
        assertThat(ttftP99.cells().get(3)).startsWith("−");
        assertThat(millis(ttftP99.cells().get(2)))
                .isLessThan(millis(ttftP99.cells().get(1)));
        // the row is styled as "better": its part name, which the page's stylesheet draws green and bold
        assertThat(ttftP99.parts()).contains("delta--better");
        assertThat(ttftP99.weight()).isEqualTo("600");
        assertThat(browser.text(".compare-side--a")).startsWith("A · " + SLUG);
        assertThat(browser.text(".compare-side--b")).startsWith("B · " + SLUG);

        List<ChartReading> charts = browser.chartsOnceThey(Duration.ofSeconds(60), CompareBrowserIT::overlaid);
        assertThat(charts)
                .extracting(ChartReading::title)
                .containsExactly("Time to first token", "Inter-token latency", "End-to-end latency");
        assertThat(charts).allSatisfy(chart -> {
            assertThat(chart.legend()).containsExactly("A p50", "A p99", "B p50", "B p99");
            assertThat(chart.points()).hasSize(4).allSatisfy(points -> assertThat(points)
                    .isPositive());
        });
        browser.screenshot("compare");
    }

    /** Three charts, each drawing both sides' p50 and p99. */
    private static boolean overlaid(List<ChartReading> charts) {
        return charts.size() == 3
                && charts.stream()
                        .allMatch(chart -> chart.legend().size() == 4
                                && chart.points().size() == 4
                                && chart.points().stream().allMatch(points -> points > 0));
    }

    @SuppressWarnings("unchecked")
    private List<DeltaRow> deltaRows(WebElement table) {
        List<Map<String, Object>> rows =
                (List<Map<String, Object>>) ((JavascriptExecutor) browser.driver).executeScript(DELTA_ROWS, table);
        return Optional.ofNullable(rows).orElse(List.of()).stream()
                .map(row -> new DeltaRow(
                        (List<String>) row.get("cells"), (String) row.get("parts"), String.valueOf(row.get("weight"))))
                .toList();
    }

    /** "386 ms", "1.21 s" or "1,210 ms" in milliseconds. */
    private static double millis(String latency) {
        String number = latency.replaceAll("[^0-9.]", "");
        return latency.trim().endsWith(" s") ? Double.parseDouble(number) * 1000 : Double.parseDouble(number);
    }

    private record DeltaRow(List<String> cells, String parts, String weight) {}
}
