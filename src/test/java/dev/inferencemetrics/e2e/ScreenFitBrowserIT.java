package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.alert.AlertEvaluator;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.LargeFleet;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The fleet overview, the Metrics page, Alerts, API keys, Prices, Usage, Compare and the admin page on a laptop (1440
 * and 1366 px) and a phone (390 px); dark mode; zooming.
 */
@IntegrationTest
class ScreenFitBrowserIT {

    private static final String PAGE_OVERFLOW =
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;";

    /** How far the widest grid of the page scrolls sideways inside itself. */
    private static final String GRID_OVERFLOW = "return Math.max(0, ...Array.from(document.querySelectorAll("
            + "'vaadin-grid')).filter(g => g.offsetParent !== null).map(g => {"
            + " const t = g.shadowRoot.querySelector('#table'); return t.scrollWidth - t.clientWidth; }));";

    /** How far the right edge of what the selector finds lies past the window's. */
    private static final String PAST_THE_RIGHT_EDGE = "return Math.max(...Array.from(document.querySelectorAll("
            + "arguments[0])).map(e => e.getBoundingClientRect().right)) - document.documentElement.clientWidth;";

    /** What sticks out past the window's right edge, which the layout's own scroller would scroll sideways to. */
    private static final String STICKING_OUT = "const w = document.documentElement.clientWidth;"
            + " return Array.from(document.querySelectorAll('body *')).filter(e => {"
            + " const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.right > w + 1; })"
            + ".map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')"
            + " + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : ''))"
            + ".slice(0, 8);";

    private static final String WIDTH = "return arguments[0].clientWidth;";

    /** Whether every chart is drawn at the width its column settled on (a chart drawn earlier is drawn anew). */
    private static final String CHARTS_AT_THEIR_WIDTH = "return Array.from(document.querySelectorAll("
            + "'.chart-grid im-apex-chart')).every(c => { const svg = c.shadowRoot.querySelector('svg.apexcharts-svg');"
            + " return svg !== null && Math.abs(svg.getBoundingClientRect().width"
            + " - c.shadowRoot.querySelector('#chart').clientWidth) <= 1; });";

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    ApiKeyService apiKeys;

    @Autowired
    IngestService ingest;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    private Browser browser;

    @BeforeEach
    void theBrowserCheckDeployment() {
        BrowserCheckData.seed(context);
        browser = Browser.open(port);
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void at_1366_pixels_an_operator_sees_every_fleet_column_without_scrolling_and_names_are_links() throws Exception {
        browser.resize(1366, 900);
        browser.signIn("operator", "demo");
        browser.open("/");
        // the operator sees every test tenant's deployments, those with alerts firing first
        browser.waitUntil(
                        Duration.ofSeconds(30),
                        d -> d.findElement(By.cssSelector("vaadin-text-field.fleet-filter input")))
                .sendKeys("Browser Check");
        WebElement link = browser.waitUntil(
                Duration.ofSeconds(30), d -> d.findElements(By.cssSelector("vaadin-grid a.fleet-link")).stream()
                        .filter(a -> a.getText().equals("Browser Check"))
                        .findFirst()
                        .orElse(null));

        assertThat(link.getAttribute("href")).endsWith("/deployments/" + BrowserCheckData.SLUG);
        long sideways = number("const t = document.querySelector('vaadin-grid').shadowRoot.querySelector('#table');"
                + " return t.scrollWidth - t.clientWidth;");
        assertThat(sideways).isLessThanOrEqualTo(0);
        assertThat(browser.all("vaadin-grid-cell-content"))
                .extracting(WebElement::getText)
                .contains("SLO", "TTFT p50 trend");
        browser.screenshot("fleet-overview-1366");
    }

    @Test
    void on_a_phone_the_fleet_is_a_list_of_cards_and_the_metrics_page_fits_the_screen() throws Exception {
        browser.resize(390, 844);
        browser.signIn("browser-viewer", "demo");
        browser.open("/");
        browser.waitUntil(Duration.ofSeconds(30), d -> d.findElements(By.cssSelector(".fleet-card")).stream()
                .filter(WebElement::isDisplayed)
                .findFirst()
                .orElse(null));
        assertThat(number(PAGE_OVERFLOW)).isLessThanOrEqualTo(0);

        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);
        browser.waitUntil(
                Duration.ofSeconds(30), d -> (Boolean) ((JavascriptExecutor) d).executeScript(CHARTS_AT_THEIR_WIDTH));

        assertThat(number(PAGE_OVERFLOW)).isLessThanOrEqualTo(0);
        assertThat(number("return Math.max(...Array.from(document.querySelectorAll('.chart-grid im-apex-chart'))"
                        + ".map(c => c.shadowRoot.querySelector('svg').getBoundingClientRect().right))"
                        + " - document.documentElement.clientWidth;"))
                .isLessThanOrEqualTo(0);
        // the header keeps to one line: the sign-out button sits level with the product name
        assertThat(number("return Math.abs(document.querySelector('.user-badge').getBoundingClientRect().top"
                        + " - document.querySelector('.app-title').getBoundingClientRect().top);"))
                .isLessThan(24);
        assertThat(number("return document.querySelector('.deployment-header').getBoundingClientRect().height;"))
                .isLessThan(120);
        browser.screenshot("metrics-page-phone");
    }

    @Test
    void zooming_a_chart_narrows_the_cards_and_the_url_and_going_back_restores_the_range() {
        browser.signIn("browser-viewer", "demo");
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);
        String before = browser.text(".metrics-window");

        dragAcrossTheFirstChart();

        browser.waitUntil(Duration.ofSeconds(30), d -> d.getCurrentUrl().contains("from="));
        String zoomed = browser.waitUntil(
                Duration.ofSeconds(30),
                d -> browser.text(".metrics-window").equals(before) ? null : browser.text(".metrics-window"));
        assertThat(zoomed).startsWith("Figures for ").endsWith("· 1-minute intervals");
        assertThat(browser.text(".zoom-reset")).isEqualTo("Back to last hour");
        List<ChartReading> charts = browser.chartsOnceThey(
                Duration.ofSeconds(30), read -> read.getFirst().points().getFirst() < 50);
        assertThat(charts.getFirst().points().getFirst()).isBetween(5L, 49L);

        browser.driver.findElement(By.cssSelector(".zoom-reset")).click();

        browser.waitUntil(Duration.ofSeconds(30), d -> d.getCurrentUrl().endsWith("?range=1h"));
    }

    @Test
    void a_chart_drawn_anew_while_a_person_drags_across_it_keeps_their_drag_and_zooms() {
        browser.signIn("browser-viewer", "demo");
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);
        WebElement ttft = browser.all(".chart-grid im-apex-chart").getFirst();
        long width = number(WIDTH, ttft);

        new Actions(browser.driver)
                .moveToElement(ttft, -120, 10)
                .clickAndHold()
                .moveByOffset(40, 0)
                .perform();
        // the chart narrows (as when the grid settles its columns), so it is to be drawn anew at its new width
        ((JavascriptExecutor) browser.driver)
                .executeScript("arguments[0].style.maxWidth = (arguments[0].clientWidth - 40) + 'px';", ttft);
        browser.waitUntil(Duration.ofSeconds(30), d -> number(WIDTH, ttft) != width);
        // the chart hears of its new width at the next frame, before which the drag goes on
        ((JavascriptExecutor) browser.driver)
                .executeAsyncScript("requestAnimationFrame(() => requestAnimationFrame(arguments[0]));");
        new Actions(browser.driver).moveByOffset(60, 0).release().perform();

        browser.waitUntil(Duration.ofSeconds(30), d -> d.getCurrentUrl().contains("from="));
        assertThat(browser.text(".zoom-reset")).isEqualTo("Back to last hour");
    }

    @Test
    void in_dark_mode_cards_and_charts_are_dark_with_light_text() throws Exception {
        ((ChromeDriver) browser.driver)
                .executeCdpCommand(
                        "Emulation.setEmulatedMedia",
                        Map.of("features", List.of(Map.of("name", "prefers-color-scheme", "value", "dark"))));
        browser.signIn("browser-viewer", "demo");
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);

        assertThat(luminance("getComputedStyle(document.querySelector('.metric-card')).backgroundColor"))
                .isLessThan(0.3);
        assertThat(luminance("getComputedStyle(document.querySelector('.metric-card__value')).color"))
                .isGreaterThan(0.7);
        assertThat(luminance("getComputedStyle(document.querySelector('.chart-grid im-apex-chart').shadowRoot"
                        + ".querySelector('.apexcharts-title-text')).fill"))
                .isGreaterThan(0.7);
        browser.screenshot("metrics-page-dark");
    }

    @Test
    void at_1440_and_1366_pixels_an_operator_sees_the_whole_alerts_grid_and_every_prices_button() throws Exception {
        aLargeFleetWithAFiringAlertAndAKey();
        browser.signIn("operator", "demo");
        for (int width : new int[] {1440, 1366}) {
            browser.resize(width, 900);
            browser.open("/alerts");
            cellsOnceTheyShow("Acknowledge");

            assertThat(number(GRID_OVERFLOW)).as("alerts grid at %d px", width).isLessThanOrEqualTo(0);
            assertThat(number(PAST_THE_RIGHT_EDGE, "vaadin-button.acknowledge-alert"))
                    .as("Acknowledge at %d px", width)
                    .isLessThanOrEqualTo(0);
            assertThat(number("return Math.max(...Array.from(document.querySelectorAll("
                            + "'vaadin-button.acknowledge-alert')).map(b => b.getBoundingClientRect().right"
                            + " - b.parentElement.getBoundingClientRect().right));"))
                    .as("Acknowledge cut by its column at %d px", width)
                    .isLessThanOrEqualTo(0);
            assertThat(number(PAGE_OVERFLOW)).isLessThanOrEqualTo(0);
            browser.screenshot("alerts-" + width);

            browser.open("/admin/prices");
            browser.waitUntil(Duration.ofSeconds(30), d -> d.findElement(By.cssSelector("vaadin-button")));

            assertThat(number(PAST_THE_RIGHT_EDGE, "vaadin-button"))
                    .as("Prices at %d px", width)
                    .isLessThanOrEqualTo(0);
            assertThat(number(PAGE_OVERFLOW)).isLessThanOrEqualTo(0);
            browser.screenshot("prices-" + width);
        }
    }

    @Test
    void at_1440_and_1366_pixels_a_keys_name_and_its_revoke_button_are_on_screen_together() throws Exception {
        aLargeFleetWithAFiringAlertAndAKey();
        browser.signIn(LargeFleet.ALERTING.admin(), "demo");
        for (int width : new int[] {1440, 1366}) {
            browser.resize(width, 900);
            browser.open("/api-keys");
            cellsOnceTheyShow(KEY_NAME);

            assertThat(number(PAST_THE_RIGHT_EDGE, "vaadin-grid"))
                    .as("keys grid at %d px", width)
                    .isLessThanOrEqualTo(0);
            assertThat(number(GRID_OVERFLOW)).as("keys grid at %d px", width).isLessThanOrEqualTo(0);
            assertThat(number(PAGE_OVERFLOW)).isLessThanOrEqualTo(0);
            browser.screenshot("api-keys-" + width);
        }
    }

    @Test
    void on_a_phone_no_grid_of_a_tenants_pages_scrolls_sideways() throws Exception {
        aLargeFleetWithAFiringAlertAndAKey();
        browser.resize(390, 844);
        browser.signIn(LargeFleet.ALERTING.admin(), "demo");
        Map<String, String> pages = new java.util.LinkedHashMap<>();
        pages.put("alerts", "Acknowledge");
        pages.put("api-keys", KEY_NAME);
        pages.put("usage", LargeFleet.ALERTING.name(1));
        pages.put("compare?a=" + LargeFleet.ALERTING.slug(1) + "&b=" + LargeFleet.ALERTING.slug(2), "TTFT p50");
        for (Map.Entry<String, String> page : pages.entrySet()) {
            browser.open("/" + page.getKey());
            cellsOnceTheyShow(page.getValue());

            assertThat(number(GRID_OVERFLOW)).as(page.getKey()).isLessThanOrEqualTo(0);
            assertThat(number(PAGE_OVERFLOW)).as(page.getKey()).isLessThanOrEqualTo(0);
            assertThat(stickingOut()).as(page.getKey()).isEmpty();
            browser.screenshot("phone-" + page.getKey().replaceAll("[^a-z-]", "-"));
        }
    }

    @Test
    void on_a_phone_the_tenants_and_deployments_grids_do_not_scroll_sideways() throws Exception {
        aLargeFleetWithAFiringAlertAndAKey();
        browser.resize(390, 844);
        browser.signIn("operator", "demo");
        browser.open("/admin/deployments");
        // the shared test database holds many tenants' deployments: find the large fleet's as an operator would
        browser.waitUntil(
                        Duration.ofSeconds(30),
                        d -> d.findElement(By.cssSelector("vaadin-text-field.deployment-filter input")))
                .sendKeys(LargeFleet.ALERTING.tenantName());
        cellsOnceTheyShow(LargeFleet.ALERTING.tenantName());

        assertThat(number(GRID_OVERFLOW)).isLessThanOrEqualTo(0);
        assertThat(number(PAGE_OVERFLOW)).isLessThanOrEqualTo(0);
        assertThat(stickingOut()).isEmpty();
        browser.screenshot("phone-admin-deployments");
    }

    private static Instant alertFiredAt;

    private static final String KEY_NAME = "Chat gateway in eu-central-1 for the support assistant";

    /** A tenant of 1,000 deployments; its first burns its TTFT budget, so an alert fires; it has a named key. */
    private void aLargeFleetWithAFiringAlertAndAKey() {
        SeededTenant fleet = LargeFleet.ALERTING.seed(context, LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
        Instant firedAt = firedAt();
        // a request id and time make a resend a no-op, so every test may send the same samples
        List<JsonNode> slow = IntStream.range(0, 600)
                .mapToObj(
                        i -> json.<JsonNode>valueToTree(RequestSampleJson.ok("slow-" + i, firedAt.minusSeconds(6L * i))
                                .ttft(1_500)
                                .e2e(2_700)
                                .toJson()))
                .toList();
        ingest.ingestRequests(fleet.gateway(), LargeFleet.ALERTING.slug(1), slow);
        // its first deployment alone: evaluating the tenant would write the default rules of all 1,000
        evaluator.evaluate(
                List.of(context.getBean(DeploymentService.class)
                        .require(TenantScope.tenant(fleet.id()), LargeFleet.ALERTING.slug(1))),
                firedAt,
                () -> true);
        if (apiKeys.list(TenantScope.tenant(fleet.id()), fleet.id()).stream()
                .noneMatch(key -> key.name().equals(KEY_NAME))) {
            apiKeys.create(TenantScope.tenant(fleet.id()), fleet.id(), KEY_NAME, ApiScope.tenantScopes(), null);
        }
    }

    /** When the alert fires: once a run, 20 minutes before the first test that wants it. */
    private Instant firedAt() {
        if (alertFiredAt == null) {
            alertFiredAt = clock.instant().minus(Duration.ofMinutes(20)).truncatedTo(ChronoUnit.SECONDS);
        }
        return alertFiredAt;
    }

    @SuppressWarnings("unchecked")
    private List<String> stickingOut() {
        return (List<String>) ((JavascriptExecutor) browser.driver).executeScript(STICKING_OUT);
    }

    /** The texts of the page's grid cells, once they hold {@code text}. */
    private List<String> cellsOnceTheyShow(String text) {
        return browser.waitUntil(Duration.ofSeconds(60), d -> {
            List<String> texts = browser.all("vaadin-grid-cell-content").stream()
                    .map(WebElement::getText)
                    .toList();
            return texts.stream().anyMatch(cell -> cell.contains(text)) ? texts : null;
        });
    }

    /** Relative brightness (0 black … 1 white) of the CSS colour the expression gives. */
    private double luminance(String colour) {
        Object value = ((JavascriptExecutor) browser.driver)
                .executeScript("const c = " + colour + ";"
                        + " const [r, g, b] = c.match(/\\d+(\\.\\d+)?/g).map(Number);"
                        + " return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;");
        return ((Number) value).doubleValue();
    }

    private long number(String script, Object... arguments) {
        Object value = ((JavascriptExecutor) browser.driver).executeScript(script, arguments);
        return Math.round(((Number) value).doubleValue());
    }

    private void dragAcrossTheFirstChart() {
        WebElement ttft = browser.all(".chart-grid im-apex-chart").getFirst();
        new Actions(browser.driver)
                .moveToElement(ttft, -120, 10)
                .clickAndHold()
                .moveByOffset(80, 0)
                .moveByOffset(80, 0)
                .release()
                .perform();
    }
}
