package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.TimeRange;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

@IntegrationTest
class MetricsPageBrowserIT {

    private static final String SLUG = BrowserCheckData.SLUG;
    private static final String RANGE = ".metrics-toolbar vaadin-select:nth-of-type(1)";
    private static final String REFRESH = ".metrics-toolbar vaadin-select:nth-of-type(2)";
    private static final List<String> ALL_CHARTS = List.of(
            "Time to first token",
            "Inter-token latency",
            "End-to-end latency",
            "KV cache usage",
            "Requests",
            "Tokens",
            "Error rate");
    private static final List<String> LATENCY_CHARTS =
            List.of("Time to first token", "Inter-token latency", "End-to-end latency", "KV cache usage");

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    @Autowired
    MetricsQueryService metrics;

    private Browser browser;
    private long tenant;

    @BeforeEach
    void aDeploymentWithThirtyDaysOfData() {
        tenant = BrowserCheckData.seed(context);
        browser = Browser.open(port);
        browser.signIn("browser-viewer", "demo");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void the_metrics_page_shows_four_cards_and_four_rendered_charts_with_their_series() throws Exception {
        browser.open("/deployments/" + SLUG);
        List<DrawnChart> charts = browser.drawnCharts(4, "svg.apexcharts-svg");

        List<String> cardTitles = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<String> titles = browser.all(".metric-card .metric-card__title").stream()
                    .map(WebElement::getText)
                    .toList();
            return titles.isEmpty() ? null : titles;
        });
        assertThat(cardTitles).containsExactly("TTFT", "ITL", "E2E", "KV Cache", "Errors", "Tokens");
        String ttft = browser.waitUntil(
                Duration.ofSeconds(30), d -> d.findElement(By.cssSelector(".metric-card .metric-card__value"))
                        .getText());
        assertThat(ttft).matches("\\d+ ms");
        assertThat(charts.subList(0, 4)).extracting(DrawnChart::title).containsExactlyElementsOf(LATENCY_CHARTS);
        for (DrawnChart chart : charts.subList(0, 3)) {
            assertThat(chart.legend()).containsExactly("p50", "p90", "p95", "p99");
        }
        assertThat(charts.get(3).legend()).containsExactly("avg", "max", "min");
        assertThat(charts.get(0).hasYAxisAnnotations()).isTrue();
        browser.screenshot("metrics-page");
    }

    @Test
    void a_thirty_day_window_renders_from_the_url() throws Exception {
        long start = System.nanoTime();
        browser.open("/deployments/" + SLUG + "?range=30d");
        waitForRenderedCharts();
        long elapsedMs = Duration.ofNanos(System.nanoTime() - start).toMillis();
        Object sinceNavigation = ((org.openqa.selenium.JavascriptExecutor) browser.driver)
                .executeScript("return Math.round(performance.now())");
        System.out.printf(
                Locale.ROOT,
                "Metrics page, 30-day window: rendered %d ms after the request (%s ms after navigation start)%n",
                elapsedMs,
                sinceNavigation);

        WebElement range = browser.driver.findElement(By.cssSelector(".metrics-toolbar vaadin-select"));
        assertThat(range.getText() + range.getAttribute("value")).contains("30 days");
        browser.screenshot("metrics-page-30d");
    }

    @Test
    void the_fleet_overview_lists_the_deployment_and_opens_it() throws Exception {
        browser.open("/");
        browser.waitUntil(Duration.ofSeconds(30), d -> fleetRow(d).orElse(null));
        browser.screenshot("fleet-overview");

        // the grid may have redrawn its cells since: a stale cell is looked up again
        browser.waitUntil(Duration.ofSeconds(30), d -> fleetRow(d)
                .map(cell -> {
                    cell.click();
                    return true;
                })
                .orElse(null));

        browser.waitUntil(Duration.ofSeconds(30), d -> d.getCurrentUrl().endsWith("/deployments/" + SLUG));
        waitForRenderedCharts();
    }

    @Test
    void changing_the_range_in_place_keeps_every_chart_its_title_series_and_unit() {
        browser.open("/deployments/" + SLUG + "?range=1h");
        assertThat(browser.chartsOnceThey(Duration.ofSeconds(60), MetricsPageBrowserIT::allSevenDrawn))
                .extracting(ChartReading::title)
                .containsExactlyElementsOf(ALL_CHARTS);

        browser.pick(RANGE, "Last 24 hours");

        long intervals = intervalsWithRequests(TimeRange.of(TimeRange.Preset.DAY));
        List<ChartReading> charts = browser.chartsOnceThey(
                Duration.ofSeconds(30), read -> read.getFirst().points().equals(Collections.nCopies(4, intervals)));
        assertThatEveryChartKeepsItsIdentity(charts);
        assertThat(charts.getFirst().points()).containsExactly(intervals, intervals, intervals, intervals);
        assertThat(browser.driver.getCurrentUrl()).endsWith("?range=24h");
    }

    @Test
    void an_auto_refresh_tick_keeps_every_chart_its_title_series_and_unit() {
        browser.open("/deployments/" + SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), MetricsPageBrowserIT::allSevenDrawn);
        String before = browser.text(".updated-at");

        browser.pick(REFRESH, "Every 10 s");
        browser.waitUntil(
                Duration.ofSeconds(40), d -> !browser.text(".updated-at").equals(before));

        assertThatEveryChartKeepsItsIdentity(
                browser.chartsOnceThey(Duration.ofSeconds(10), MetricsPageBrowserIT::allSevenDrawn));
    }

    @Test
    void a_custom_range_draws_every_chart_over_the_days_picked() {
        browser.open("/deployments/" + SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), MetricsPageBrowserIT::allSevenDrawn);
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);

        browser.pick(RANGE, "Custom…");
        browser.setValue("vaadin-date-time-picker", today.minusDays(3) + "T00:00");
        browser.setValue("vaadin-date-time-picker:nth-of-type(2)", today.minusDays(1) + "T00:00");

        // two days at the 30-minute step: 96 intervals, each holding 200 requests
        List<ChartReading> charts = browser.chartsOnceThey(
                Duration.ofSeconds(30), read -> read.getFirst().points().contains(96L));
        assertThatEveryChartKeepsItsIdentity(charts);
        assertThat(charts.getFirst().points()).containsExactly(96L, 96L, 96L, 96L);
        assertThat(charts.get(4).points()).containsExactly(96L);
        assertThat(browser.url())
                .contains("from=" + today.minusDays(3) + "T00:00:00Z")
                .contains("to=" + today.minusDays(1) + "T00:00:00Z");
    }

    private static boolean allSevenDrawn(List<ChartReading> charts) {
        return charts.size() == ALL_CHARTS.size()
                && charts.stream().allMatch(chart -> !chart.yLabels().isEmpty());
    }

    /** A chart of one series has no legend: its title names it. */
    private static void assertThatEveryChartKeepsItsIdentity(List<ChartReading> charts) {
        assertThat(charts).extracting(ChartReading::title).containsExactlyElementsOf(ALL_CHARTS);
        for (ChartReading latency : charts.subList(0, 3)) {
            assertThat(latency.legend()).containsExactly("p50", "p90", "p95", "p99");
            assertThat(latency.yAxisIn("ms", " s")).as(latency.toString()).isTrue();
        }
        assertThat(charts.get(3).legend()).containsExactly("avg", "max", "min");
        ChartReading kv = charts.get(3);
        // a chart without data shows no invented scale, only its no-data text
        assertThat(kv.points().stream().allMatch(n -> n == 0) ? kv.yLabels().isEmpty() : kv.yAxisIn("%"))
                .as(kv.toString())
                .isTrue();
        assertThat(charts.get(4).legend()).isEmpty();
        assertThat(charts.get(4).yAxisIn("/s", "/h"))
                .as(charts.get(4).toString())
                .isTrue();
        assertThat(charts.get(5).legend()).containsExactly("input tokens/s", "output tokens/s");
        assertThat(charts.get(5).yAxisIn("/s", "/h"))
                .as(charts.get(5).toString())
                .isTrue();
        assertThat(charts.get(6).legend()).isEmpty();
        assertThat(charts.get(6).yAxisIn("%")).as(charts.get(6).toString()).isTrue();
    }

    private long intervalsWithRequests(TimeRange range) {
        return metrics.query(TenantScope.tenant(tenant), SLUG, range.window(clock)).series().ttft().stream()
                .filter(point -> point.p50() != null)
                .count();
    }

    private static Optional<WebElement> fleetRow(WebDriver driver) {
        return driver.findElements(By.cssSelector("vaadin-grid-cell-content")).stream()
                .filter(cell -> cell.getText().equals("Browser Check"))
                .findFirst();
    }

    private void waitForRenderedCharts() {
        browser.drawnCharts(4, "svg.apexcharts-svg");
    }
}
