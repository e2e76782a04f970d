package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/**
 * What a new user found on the fleet and the deployment page, seen as a browser draws it: text cut short, the tab
 * and auto-refresh missing from the address, axis ticks on odd minutes, dates written two ways.
 */
@IntegrationTest
class PageLayoutBrowserIT {

    /** Whether an element's content is cut: wider or taller than the box that shows it. */
    private static final String CLIPPED =
            "const clipped = e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    private Browser browser;

    @BeforeEach
    void anOperatorInBerlin() {
        BrowserCheckData.seed(context);
        browser = Browser.open(port, "Europe/Berlin");
        browser.signIn("operator", "demo");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void on_laptops_the_fleet_shows_whole_names_and_headers_and_the_time_zone_reads_in_full() throws Exception {
        for (int width : List.of(1440, 1366)) {
            browser.resize(width, 900);
            browser.open("/");
            browser.waitUntil(
                    Duration.ofSeconds(60),
                    d -> d.findElements(By.cssSelector("vaadin-grid a.fleet-link"))
                                            .size()
                                    >= 6
                            ? true
                            : null);

            assertThat(strings(CLIPPED + "return Array.from(document.querySelectorAll('vaadin-grid a.fleet-link'))"
                            + ".filter(a => clipped(a) || clipped(a.closest('vaadin-grid-cell-content')))"
                            + ".map(a => a.textContent);"))
                    .as("names cut at %d px", width)
                    .isEmpty();
            assertThat(strings(CLIPPED + "const grid = document.querySelector('vaadin-grid');"
                            + " return Array.from(grid.shadowRoot.querySelectorAll('thead th'))"
                            + ".filter(th => !th.hidden && th.offsetWidth > 0)"
                            + ".map(th => th.querySelector('slot').assignedElements()[0]).filter(c => c)"
                            + ".filter(c => clipped(c) || Array.from(c.querySelectorAll('vaadin-grid-sorter'))"
                            + ".some(s => clipped(s.shadowRoot.querySelector('[part=content]')) || clipped(s)))"
                            + ".map(c => c.textContent.trim());"))
                    .as("headers cut at %d px", width)
                    .isEmpty();
            browser.screenshot("fleet-" + width);

            browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
            browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);
            String zone = ".metrics-toolbar vaadin-select:nth-of-type(3)";
            assertThat(browser.text(zone)).contains("Your time (Europe/Berlin)");
            assertThat(number(CLIPPED + "const b = document.querySelector('" + zone + " vaadin-select-value-button');"
                            + " return clipped(b) ? 1 : 0;"))
                    .as("time zone cut at %d px", width)
                    .isZero();
            assertThat(number("const s = document.querySelector('" + zone + "');"
                            + " const find = root => root.querySelector('[part~=toggle-button]') || Array.from("
                            + "root.querySelectorAll('*')).map(e => e.shadowRoot && find(e.shadowRoot)).find(t => t);"
                            + " return find(s.shadowRoot).getBoundingClientRect().right"
                            + " - s.getBoundingClientRect().right;"))
                    .as("time zone toggle outside its field at %d px", width)
                    .isNotPositive();
            browser.screenshot("deployment-" + width);
        }
    }

    @Test
    void on_a_phone_the_fleet_cards_follow_the_filter_with_no_empty_header_above_them() throws Exception {
        browser.resize(390, 844);
        browser.open("/");
        browser.waitUntil(Duration.ofSeconds(60), d -> d.findElements(By.cssSelector(".fleet-card")).stream()
                .filter(WebElement::isDisplayed)
                .findFirst()
                .orElse(null));

        assertThat(number("const head = document.querySelector('vaadin-grid').shadowRoot.querySelector('thead');"
                        + " return head.getBoundingClientRect().height;"))
                .isZero();
        browser.screenshot("fleet-phone");
    }

    @Test
    void the_open_tab_and_the_auto_refresh_are_in_the_address_and_a_reload_restores_them() {
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=6h");
        browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);

        browser.pick(".metrics-toolbar vaadin-select:nth-of-type(2)", "Every 30 s");
        browser.waitUntil(Duration.ofSeconds(30), d -> browser.url().contains("refresh=30s"));
        tab("Sources").click();
        browser.waitUntil(Duration.ofSeconds(30), d -> browser.url().contains("tab=sources"));
        assertThat(browser.url()).contains("range=6h", "refresh=30s", "tab=sources");

        browser.driver.navigate().refresh();

        browser.waitUntil(
                Duration.ofSeconds(60), d -> "true".equals(tab("Sources").getDomAttribute("aria-selected")));
        tab("Metrics").click();
        assertThat(browser.text(".metrics-toolbar vaadin-select:nth-of-type(2) vaadin-select-value-button"))
                .isEqualTo("Every 30 s");
        assertThat(browser.text(".metrics-toolbar vaadin-select:nth-of-type(1) vaadin-select-value-button"))
                .isEqualTo("Last 6 hours");
        browser.waitUntil(
                Duration.ofSeconds(30),
                d -> browser.url().contains("refresh=30s")
                        && browser.url().contains("range=6h")
                        && !browser.url().contains("tab="));
    }

    @Test
    void the_tab_list_holds_tabs_only_and_the_slos_tab_opens_at_its_top() throws Exception {
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);

        // axe-core's aria-required-children: a tablist owns tabs, and nothing else that takes focus
        assertThat(strings("const tabs = document.querySelector('vaadin-tabs');"
                        + " const all = [...tabs.querySelectorAll('[tabindex]'),"
                        + " ...tabs.shadowRoot.querySelectorAll('[tabindex]')];"
                        + " return all.filter(e => e.getAttribute('role') !== 'tab').map(e => e.outerHTML);"))
                .isEmpty();

        // a person reads the charts further down, then opens the SLOs
        ((JavascriptExecutor) browser.driver)
                .executeScript("document.querySelector('vaadin-tabsheet').shadowRoot"
                        + ".querySelector('[part=content]').scrollTop = 100000;"
                        + " document.querySelectorAll('.chart-grid im-apex-chart')[5].scrollIntoView();");
        ((JavascriptExecutor) browser.driver).executeScript("arguments[0].click();", tab("SLOs and alerts"));
        browser.waitUntil(Duration.ofSeconds(30), d -> browser.all(".alert-settings h2").stream()
                .filter(WebElement::isDisplayed)
                .findFirst()
                .orElse(null));
        assertThat(number("return document.querySelector('vaadin-tabsheet').shadowRoot"
                        + ".querySelector('[part=content]').scrollTop;"))
                .as("the sheet's scroll")
                .isZero();
        assertThat(number("return document.querySelector('.alert-settings h2').getBoundingClientRect().top"
                        + " - document.querySelector('vaadin-tabs').getBoundingClientRect().bottom;"))
                .isPositive();
        assertThat(number("return document.querySelector('vaadin-tabs').getBoundingClientRect().top;"))
                .isNotNegative();
        browser.screenshot("slos-tab");
    }

    @Test
    void axis_ticks_fall_on_round_minutes_and_the_custom_range_writes_dates_as_the_page_does() throws Exception {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        // a window that starts three minutes past a five: evenly spread ticks would start there
        Instant from = now.minus(58, ChronoUnit.MINUTES);
        from = from.minus(((from.getEpochSecond() / 60) % 5 + 2) % 5, ChronoUnit.MINUTES);
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?from=" + from + "&to=" + now);
        List<ChartReading> charts = browser.chartsOnceThey(
                Duration.ofSeconds(60),
                read -> read.size() == 7 && !read.getFirst().xLabels().isEmpty());

        assertThat(charts.getFirst().xLabels())
                .isNotEmpty()
                .allMatch(label -> label.matches("\\d\\d:\\d\\d") && Integer.parseInt(label.substring(3)) % 5 == 0);
        String date = browser.waitUntil(Duration.ofSeconds(30), d -> (String) ((JavascriptExecutor) d)
                .executeScript("const i = document.querySelector('vaadin-date-time-picker input');"
                        + " return i && i.value ? i.value : null;"));
        assertThat(date).matches("\\d{1,2} [A-Z][a-z]{2} \\d{4}");
        assertThat(browser.text(".metrics-window")).contains(date);
        browser.screenshot("custom-range");
    }

    private WebElement tab(String label) {
        return browser.waitUntil(Duration.ofSeconds(30), d -> d.findElements(By.cssSelector("vaadin-tab")).stream()
                .filter(t -> t.getText().trim().equals(label))
                .findFirst()
                .orElse(null));
    }

    @SuppressWarnings("unchecked")
    private List<String> strings(String script) {
        return (List<String>) ((JavascriptExecutor) browser.driver).executeScript(script);
    }

    private long number(String script) {
        Object value = ((JavascriptExecutor) browser.driver).executeScript(script);
        return Math.round(((Number) value).doubleValue());
    }
}
