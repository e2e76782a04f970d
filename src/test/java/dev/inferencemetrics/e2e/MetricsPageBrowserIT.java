package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.TenantScope;
import dev.inferencemetrics.security.TenantTransactions;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

@IntegrationTest
class MetricsPageBrowserIT {

    private static final String SLUG = "browser-check";
    private static final List<String> LATENCY_CHARTS =
            List.of("Time to first token", "Inter-token latency", "End-to-end latency", "KV cache usage");

    @LocalServerPort
    int port;

    @Autowired
    TenantService tenants;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    UserAccounts users;

    @Autowired
    DeploymentService deployments;

    @Autowired
    IngestService ingest;

    @Autowired
    RequestRollupStore rollups;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    private Browser browser;

    @BeforeEach
    void aDeploymentWithThirtyDaysOfData() {
        long tenant = tenants.createIfAbsent("browser-labs", "Browser Labs");
        users.createIfAbsent(tenant, "browser-viewer", "Bea Viewer", "demo", Role.TENANT_VIEWER);
        if (deployments.createIfAbsent(new DeploymentDefinition(tenant, SLUG, "Browser Check", "m", "vLLM", "eu"))) {
            ApiClient gateway = new ApiClient(tenant, 0, "test", EnumSet.allOf(ApiScope.class));
            ingest.ingestRequests(gateway, SLUG, lastHourOfRequests());
            ingest.ingestKvCache(gateway, SLUG, lastHourOfKvReadings());
            long deploymentId =
                    deployments.require(TenantScope.tenant(tenant), SLUG).id();
            tenantTransactions.run(
                    TenantScope.tenant(tenant),
                    () -> rollups.add(tenant, deploymentId, Resolution.HALF_HOUR, thirtyDaysOfHalfHours()));
        }
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
        assertThat(cardTitles).containsExactly("TTFT", "ITL", "E2E", "KV Cache");
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

    private static Optional<WebElement> fleetRow(WebDriver driver) {
        return driver.findElements(By.cssSelector("vaadin-grid-cell-content")).stream()
                .filter(cell -> cell.getText().equals("Browser Check"))
                .findFirst();
    }

    private void waitForRenderedCharts() {
        browser.drawnCharts(4, "svg.apexcharts-svg");
    }

    private List<JsonNode> lastHourOfRequests() {
        Instant start = clock.instant().minus(55, ChronoUnit.MINUTES);
        SplittableRandom random = new SplittableRandom(5);
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            double ttft = Math.exp(Math.log(76) + 0.5 * random.nextGaussian());
            samples.add(json.readTree(String.format(
                    Locale.ROOT,
                    "{\"requestId\":\"b-%d\",\"ts\":\"%s\",\"ttftMs\":%.2f,\"e2eMs\":%.2f,\"tpotMs\":18,"
                            + "\"inputTokens\":500,\"outputTokens\":620}",
                    i,
                    start.plusSeconds(i * 5L),
                    ttft,
                    ttft + 18 * 619)));
        }
        return samples;
    }

    private List<JsonNode> lastHourOfKvReadings() {
        Instant start = clock.instant().minus(55, ChronoUnit.MINUTES);
        List<JsonNode> readings = new ArrayList<>();
        for (int i = 0; i < 330; i++) {
            readings.add(json.readTree("{\"ts\":\"" + start.plusSeconds(i * 10L)
                    + "\",\"replica\":\"pod-0\",\"usagePct\":" + (2 + i % 3) + "}"));
        }
        return readings;
    }

    private List<RequestRollup> thirtyDaysOfHalfHours() {
        Instant end = Resolution.HALF_HOUR.bucketOf(clock.instant().minus(2, ChronoUnit.HOURS));
        SplittableRandom random = new SplittableRandom(9);
        List<RequestRollup> halfHours = new ArrayList<>();
        for (Instant bucket = end.minus(30, ChronoUnit.DAYS);
                bucket.isBefore(end);
                bucket = bucket.plus(30, ChronoUnit.MINUTES)) {
            RequestRollup rollup = new RequestRollup(bucket);
            for (int i = 0; i < 200; i++) {
                double ttft = Math.exp(Math.log(80) + 0.5 * random.nextGaussian());
                rollup.addRequest(true, 500, 600);
                rollup.ttft().add(ttft);
                rollup.itl().add(18, 599);
                rollup.e2e().add(ttft + 18 * 599);
            }
            halfHours.add(rollup);
        }
        return halfHours;
    }
}
