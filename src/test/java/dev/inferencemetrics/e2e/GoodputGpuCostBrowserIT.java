package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import com.vaadin.flow.server.VaadinServletContext;
import com.vaadin.flow.server.startup.ApplicationConfiguration;
import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.scrape.AllowListService;
import dev.inferencemetrics.scrape.ScrapeRunner;
import dev.inferencemetrics.scrape.ScrapeTargetService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.ScrapeAllowList;
import dev.inferencemetrics.testing.TestDataSets;
import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
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
 * The Metrics tab's newer charts on the production bundle, with data planted behind them: requests in every goodput
 * category (good, TTFT and ITL over their thresholds, stopped at their token budget, error, timeout, cancelled), a
 * DCGM exporter serving a real published scrape (a Tesla T4 at work, see the engine-metrics fixtures) scraped once,
 * and a GPU cost. An operator's page must show the goodput headline, the good requests/s and the breaches charts with
 * their series, the breach table's counts, the Tokens chart's input and output series, the GPU charts with the
 * scraped values and the cost card whose figure follows its formula — with no undefined element and no script error.
 * Run it with {@code -Pproduction}; in a development-mode run it is skipped, except on CI, where that is a failure.
 */
@IntegrationTest
class GoodputGpuCostBrowserIT {

    // a deployment of its own per run, so a database kept between runs holds no earlier run's requests
    private static final String SLUG = "goodput-" + Long.toString(System.nanoTime(), 36);
    private static final List<String> BREACH_KINDS = List.of(
            "TTFT over threshold",
            "ITL over threshold",
            "E2E over threshold",
            "Incomplete (length)",
            "Timeout",
            "Error",
            "Cancelled");

    private static final List<String> PANEL_TITLES = List.of(
            "Good requests/s beside all requests/s",
            "Breaches by kind, per second",
            "GPU utilisation",
            "GPU memory used, % of used + free",
            "GPU power draw, per GPU");

    /** Each planted category: how many requests, and what each one reports. */
    private record Category(String name, int requests, int outputTokens, double ttftMs, double tpotMs, String extra) {}

    // thresholds ttft:200 tpot:20 — ITL breaches run at 30 ms a token, TTFT breaches start after 400 ms
    private static final List<Category> PLANTED = List.of(
            new Category("good", 6, 200, 100, 10, ""),
            new Category("TTFT over threshold", 3, 100, 400, 10, ""),
            new Category("ITL over threshold", 2, 100, 100, 30, ""),
            new Category("Incomplete (length)", 1, 100, 100, 10, ",\"finishReason\":\"length\""),
            new Category("Error", 2, 100, 100, 10, ",\"status\":\"error\""),
            new Category("Timeout", 1, 100, 100, 10, ",\"status\":\"timeout\""),
            new Category("Cancelled", 1, 100, 100, 10, ",\"status\":\"cancelled\""));

    /** Reads every shown chart the selector finds: title, legend and each series' last value. */
    private static final String CHARTS = """
            const instances = (window.Apex && window.Apex._chartInstances) || [];
            return Array.from(document.querySelectorAll(arguments[0]))
              .filter(host => host.offsetParent !== null)
              .map(host => {
                const root = host.shadowRoot;
                const texts = css => Array.from(root.querySelectorAll(css)).map(e => e.textContent.trim());
                const instance = instances.find(c => host.config && c.id === host.config.id);
                const series = instance ? instance.chart.w.globals.series : [];
                return {title: texts('.apexcharts-title-text')[0] || '', legend: texts('.apexcharts-legend-text'),
                  last: series.map(s => { const v = s.filter(y => y !== null); return v.length ? v[v.length - 1] : null; }),
                  max: series.map(s => { const v = s.filter(y => y !== null); return v.length ? Math.max(...v) : null; }),
                  drawn: root.querySelector('svg.apexcharts-svg') !== null};
              });
            """;

    @LocalServerPort
    int port;

    @Autowired
    ServletContext servletContext;

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    GoodputService goodputs;

    @Autowired
    GpuCostService gpuCosts;

    @Autowired
    IngestService ingest;

    @Autowired
    ScrapeTargetService targets;

    @Autowired
    ScrapeRunner scrapes;

    @Autowired
    AllowListService allowList;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    private Browser browser;
    private HttpServer exporter;

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
    void closeBrowserAndExporter() {
        if (browser != null) {
            browser.close();
        }
        if (exporter != null) {
            exporter.stop(0);
        }
    }

    @Test
    void an_operator_sees_goodput_breaches_tokens_gpu_charts_and_the_cost_card_with_the_planted_figures()
            throws IOException {
        Instant to = plantRequestsGpuCostAndAScrape();
        browser = Browser.open(port);
        browser.signIn("operator", "demo");
        // the hour that ended at the start of this minute: every interval of it has ended
        browser.open("/deployments/" + SLUG + "?from=" + to.minus(1, ChronoUnit.HOURS) + "&to=" + to);

        String headline = browser.readUntil(
                Duration.ofSeconds(60),
                d -> browser.all(".goodput .goodput-headline").stream()
                        .filter(WebElement::isDisplayed)
                        .map(WebElement::getText)
                        .findFirst()
                        .orElse(""),
                text -> !text.isEmpty(),
                "");
        // 6 of 16 requests good; 6 × 200 of 6 × 200 + 10 × 100 output tokens
        assertThat(headline)
                .startsWith("Goodput 37.5 %")
                .contains("token goodput 54.5 %", "thresholds ttft:200 tpot:20");

        List<Map<String, Object>> panels = browser.readUntil(
                Duration.ofSeconds(60),
                d -> charts(".panel-charts im-apex-chart"),
                GoodputGpuCostBrowserIT::allPanelChartsDrawn,
                List.of());
        Map<String, Map<String, Object>> byTitle = new LinkedHashMap<>();
        panels.forEach(chart -> byTitle.put((String) chart.get("title"), chart));
        assertThat(byTitle.keySet()).containsAll(PANEL_TITLES);
        assertThat(legend(byTitle, "Good requests/s beside all requests/s"))
                .containsExactly("all requests/s", "good requests/s");
        assertThat(legend(byTitle, "Breaches by kind, per second")).containsExactlyElementsOf(BREACH_KINDS);
        assertThat(legend(byTitle, "GPU utilisation"))
                .containsExactly("utilisation (mean)", "utilisation (max GPU)", "graphics engine active (mean)");
        assertThat(legend(byTitle, "GPU memory used, % of used + free"))
                .containsExactly("memory (mean)", "memory (max GPU)");
        assertThat(legend(byTitle, "GPU power draw, per GPU")).containsExactly("power (mean)", "power (max GPU)");
        // the T4 scrape: DCGM_FI_DEV_GPU_UTIL 91, 5 120 MiB used of 5 120 + 9 791, 68.244 W — its only GPU
        List<Double> utilisation = last(byTitle, "GPU utilisation");
        assertThat(utilisation.get(0)).isEqualTo(91.0);
        assertThat(utilisation.get(1)).isEqualTo(91.0);
        assertThat(last(byTitle, "GPU memory used, % of used + free").get(0))
                .isCloseTo(100.0 * 5120 / (5120 + 9791), within(0.01));
        assertThat(last(byTitle, "GPU power draw, per GPU").get(0)).isCloseTo(68.244, within(0.001));

        Map<String, List<String>> table = breachTable();
        assertThat(table.keySet()).containsExactlyElementsOf(BREACH_KINDS);
        for (Category category : PLANTED.subList(1, PLANTED.size())) {
            assertThat(table.get(category.name()).get(0))
                    .as(category.name())
                    .isEqualTo(String.valueOf(category.requests()));
        }
        assertThat(table.get("E2E over threshold").get(0)).isEqualTo("0");
        assertThat(table.get("TTFT over threshold").get(1)).isEqualTo("18.8 %");

        Map<String, Object> tokens = browser.readUntil(
                Duration.ofSeconds(60),
                d -> charts(".chart-grid im-apex-chart").stream()
                        .filter(chart -> "Tokens".equals(chart.get("title")))
                        .findFirst()
                        .orElse(Map.of()),
                chart -> Boolean.TRUE.equals(chart.get("drawn"))
                        && chart.get("last") instanceof List<?> series
                        && series.size() == 2,
                Map.of());
        assertThat(tokens.get("legend")).isEqualTo(List.of("input tokens/s", "output tokens/s"));
        // the window's last intervals hold no request (a rate of 0): each series' highest point is what was planted
        assertThat((List<?>) tokens.get("max"))
                .allSatisfy(rate -> assertThat(((Number) rate).doubleValue()).isPositive());

        // an hour at 8 GPUs × 2 replicas × USD 2.50, and 2,200 output tokens: 40.00 ÷ 2,200 × 10⁶ = 18,181.82
        assertThat(browser.text(".cost-card .metric-card__value")).isEqualTo("USD 18,181.82");
        assertThat(browser.all(".cost-card .metric-card__details > div").stream()
                        .map(WebElement::getText)
                        .toList())
                .contains("GPU cost USD 40.00", "2,200 output tokens");
        assertThat(browser.text(".cost-card .cost-card__explanation"))
                .contains("At USD 3.00 per hour and 4,000 tokens/s: USD 0.21 per million.");

        assertThat(browser.undefinedElements()).isEmpty();
        assertThat(browser.consoleErrors()).isEmpty();
        browser.screenshot("goodput-gpu-cost");
    }

    /** Plants everything; returns the start of the current minute, which the requests and the scrape precede. */
    private Instant plantRequestsGpuCostAndAScrape() throws IOException {
        long tenant = tenants.createIfAbsent("goodput-screen-labs", "Goodput Screen Labs");
        TenantScope scope = TenantScope.tenant(tenant);
        deployments.createIfAbsent(new DeploymentDefinition(tenant, SLUG, "Goodput on screen", "m", "vLLM", "eu")
                .withPrices(new BigDecimal("1.00"), new BigDecimal("2.00"), "USD"));
        goodputs.change(TenantScope.allTenants(), SLUG, new GoodputSlo(200.0, 20.0, null));
        Instant now = clock.instant();
        gpuCosts.schedule(
                TenantScope.allTenants(),
                SLUG,
                now.truncatedTo(ChronoUnit.DAYS).minus(2, ChronoUnit.DAYS),
                GpuCost.of(8, 2, "2.50", "USD"));

        Instant start = now.truncatedTo(ChronoUnit.MINUTES).minus(40, ChronoUnit.MINUTES);
        List<JsonNode> samples = new ArrayList<>();
        int i = 0;
        for (Category category : PLANTED) {
            for (int n = 0; n < category.requests(); n++, i++) {
                double e2e = category.ttftMs() + category.tpotMs() * (category.outputTokens() - 1);
                samples.add(json.readTree(String.format(
                        Locale.ROOT,
                        "{\"requestId\":\"g-%d\",\"ts\":\"%s\",\"ttftMs\":%.1f,\"e2eMs\":%.1f,\"inputTokens\":500,"
                                + "\"outputTokens\":%d%s}",
                        i,
                        start.plusSeconds(60L * i),
                        category.ttftMs(),
                        e2e,
                        category.outputTokens(),
                        category.extra())));
            }
        }
        ingest.ingestRequests(new ApiClient(tenant, 0, "test", ApiScope.tenantScopes()), SLUG, samples);

        byte[] scrape = Files.readAllBytes(TestDataSets.ENGINE_METRICS.resolve("dcgm-exporter-tesla-t4-busy.txt"));
        exporter = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        exporter.createContext("/metrics", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, scrape.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(scrape);
            }
        });
        exporter.start();
        ScrapeAllowList.permitLoopback(allowList);
        targets.add(
                scope,
                SLUG,
                "http://127.0.0.1:" + exporter.getAddress().getPort() + "/metrics",
                "node-t4",
                null,
                null,
                null);
        long deployment = deployments.require(scope, SLUG).id();
        owner.jdbc()
                .update(
                        "update scrape_target set next_scrape_at = now() - interval '1 second' where deployment_id = ?",
                        deployment);
        assertThat(scrapes.scrapeDueNow()).isPositive();
        // the scrape's minute is still running, and the page leaves a running interval out: move it into the past
        assertThat(owner.jdbc()
                        .update(
                                "update engine_gauge_rollup set bucket = bucket - interval '5 minutes'"
                                        + " where deployment_id = ? and resolution_s = 60",
                                deployment))
                .isPositive();
        return now.truncatedTo(ChronoUnit.MINUTES);
    }

    @SuppressWarnings("unchecked")
    private List<Map<String, Object>> charts(String hostCss) {
        Object read = ((JavascriptExecutor) browser.driver).executeScript(CHARTS, hostCss);
        return read == null ? List.of() : (List<Map<String, Object>>) read;
    }

    /** Whether the five charts are drawn, each with its legend and a value. */
    private static boolean allPanelChartsDrawn(List<Map<String, Object>> charts) {
        return PANEL_TITLES.stream().allMatch(title -> charts.stream()
                .anyMatch(chart -> title.equals(chart.get("title"))
                        && Boolean.TRUE.equals(chart.get("drawn"))
                        && !((List<?>) chart.get("legend")).isEmpty()
                        && ((List<?>) chart.get("last")).stream().anyMatch(Objects::nonNull)));
    }

    @SuppressWarnings("unchecked")
    private static List<String> legend(Map<String, Map<String, Object>> charts, String title) {
        return (List<String>) charts.get(title).get("legend");
    }

    private static List<Double> last(Map<String, Map<String, Object>> charts, String title) {
        return ((List<?>) charts.get(title).get("last"))
                .stream()
                        .map(value -> value == null ? null : ((Number) value).doubleValue())
                        .toList();
    }

    /** The breach table as shown: each kind's requests and share, in the table's order. */
    private Map<String, List<String>> breachTable() {
        List<String> cells = browser.readUntil(
                Duration.ofSeconds(30),
                d -> browser.all(".goodput vaadin-grid-cell-content").stream()
                        .map(cell -> cell.getText().trim())
                        .toList(),
                read -> read.containsAll(BREACH_KINDS),
                List.of());
        Map<String, List<String>> rows = new LinkedHashMap<>();
        for (int i = 0; i + 2 < cells.size(); i++) {
            if (BREACH_KINDS.contains(cells.get(i))) {
                rows.put(cells.get(i), List.of(cells.get(i + 1), cells.get(i + 2)));
                i += 2;
            }
        }
        return rows;
    }
}
