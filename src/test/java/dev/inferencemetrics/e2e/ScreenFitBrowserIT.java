package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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

/** The fleet overview and the Metrics page on a laptop (1366 px), a phone (390 px) and in dark mode; zooming. */
@IntegrationTest
class ScreenFitBrowserIT {

    private static final String PAGE_OVERFLOW =
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;";

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
        Browser.pause(Duration.ofSeconds(1));

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
        if (!zoomedWithin(Duration.ofSeconds(15))) {
            // a drag that lands while the chart is being redrawn selects nothing, as a person would see; they drag
            // again
            dragAcrossTheFirstChart();
        }

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

    /** Relative brightness (0 black … 1 white) of the CSS colour the expression gives. */
    private double luminance(String colour) {
        Object value = ((JavascriptExecutor) browser.driver)
                .executeScript("const c = " + colour + ";"
                        + " const [r, g, b] = c.match(/\\d+(\\.\\d+)?/g).map(Number);"
                        + " return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;");
        return ((Number) value).doubleValue();
    }

    private long number(String script) {
        Object value = ((JavascriptExecutor) browser.driver).executeScript(script);
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

    private boolean zoomedWithin(Duration wait) {
        try {
            browser.waitUntil(wait, d -> d.getCurrentUrl().contains("from="));
            return true;
        } catch (org.openqa.selenium.TimeoutException e) {
            return false;
        }
    }
}
