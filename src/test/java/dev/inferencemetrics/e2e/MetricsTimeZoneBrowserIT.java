package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/** A viewer in New York (UTC−5 in winter) reads the Metrics page in their own time, or in UTC if they choose. */
@IntegrationTest
class MetricsTimeZoneBrowserIT {

    private static final String NEW_YORK = "America/New_York";
    private static final String ZONE = ".metrics-toolbar vaadin-select:nth-of-type(3)";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    private Browser browser;

    @BeforeEach
    void aViewerInNewYork() {
        BrowserCheckData.seed(context);
        browser = Browser.open(port, NEW_YORK);
        browser.signIn("browser-viewer", "demo");
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void axes_tooltips_window_and_custom_range_use_the_viewers_zone_and_name_it() {
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=24h");
        List<ChartReading> charts = browser.chartsOnceThey(
                Duration.ofSeconds(60),
                read -> read.size() == 7 && !read.getFirst().xLabels().isEmpty());

        assertThat(browser.text(ZONE)).contains("Your time (" + NEW_YORK + ")");
        assertThat(charts).extracting(ChartReading::xTitle).containsOnly("Time (" + NEW_YORK + ")");
        // round hours in the viewer's zone, a new day by its date
        assertThat(charts.getFirst().xLabels())
                .isNotEmpty()
                .allMatch(label -> label.matches("\\d\\d:00|\\d{1,2} [A-Z][a-z]{2}"));
        assertThat(browser.text(".metrics-window")).endsWith(NEW_YORK + " · 5-minute intervals");

        ZoneId zone = ZoneId.of(NEW_YORK);
        LocalDate today = LocalDate.now(clock.withZone(zone));
        browser.pick(".metrics-toolbar vaadin-select:nth-of-type(1)", "Custom…");
        browser.setValue("vaadin-date-time-picker", today.minusDays(3) + "T00:00");
        browser.setValue("vaadin-date-time-picker:nth-of-type(2)", today.minusDays(1) + "T00:00");

        // each pick updates the address: wait for the second, not the first
        String to = "to=" + today.minusDays(1).atStartOfDay(zone).toInstant();
        browser.waitUntil(Duration.ofSeconds(30), d -> browser.url().contains(to));
        assertThat(browser.url())
                .contains("from=" + today.minusDays(3).atStartOfDay(zone).toInstant())
                .contains(to);
    }

    @Test
    void switching_to_utc_is_remembered_across_a_reload() {
        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
        browser.chartsOnceThey(Duration.ofSeconds(60), read -> read.size() == 7);

        browser.pick(ZONE, "UTC");
        List<ChartReading> switched = browser.chartsOnceThey(
                Duration.ofSeconds(30), read -> read.getFirst().xTitle().equals("Time (UTC)"));
        assertThat(switched).extracting(ChartReading::xTitle).containsOnly("Time (UTC)");

        browser.open("/deployments/" + BrowserCheckData.SLUG + "?range=1h");
        List<ChartReading> reloaded = browser.chartsOnceThey(
                Duration.ofSeconds(60),
                read -> read.size() == 7 && !read.getFirst().xTitle().isEmpty());
        assertThat(reloaded).extracting(ChartReading::xTitle).containsOnly("Time (UTC)");
        assertThat(browser.text(ZONE)).contains("UTC").doesNotContain("Your time");
        assertThat(browser.text(".updated-at")).endsWith(" UTC");
    }
}
