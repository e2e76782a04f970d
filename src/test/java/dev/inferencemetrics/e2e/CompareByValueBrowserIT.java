package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Issue #31 on the production bundle: a person picks one deployment on both sides of the Compare page, one consumer
 * on side A and another on side B, and reads each consumer's own requests and TTFT on screen and in the address, the
 * same after a reload.
 */
@IntegrationTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class CompareByValueBrowserIT {

    private static final String SLUG = "compare-by-value-screen";
    private static final String NAME = "Compare by value screen";
    private static final String SIDE_A = ".compare-view vaadin-horizontal-layout.compare-filter:nth-of-type(1)";
    private static final String SIDE_B = ".compare-view vaadin-horizontal-layout.compare-filter:nth-of-type(2)";

    /** Every shown row of the delta table: its cells' texts. */
    private static final String DELTA_ROWS = """
            const grid = document.querySelector('.compare-deltas');
            if (!grid || !grid.shadowRoot) return [];
            return Array.from(grid.shadowRoot.querySelectorAll('tbody#items tr'))
              .filter(tr => !tr.hidden)
              .map(tr => Array.from(tr.querySelectorAll('td')).map(td => {
                const slot = td.querySelector('slot');
                return slot ? slot.assignedElements().map(e => e.textContent).join('').trim() : '';
              }));
            """;

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    IngestService ingest;

    @Autowired
    Clock clock;

    @Autowired
    tools.jackson.databind.ObjectMapper json;

    private Browser browser;

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void a_slow_consumer_on_side_a_against_a_fast_one_on_side_b_shows_each_ones_requests_and_ttft() {
        String run = Long.toString(System.nanoTime(), 36);
        SeededTenant tenant = SeededTenant.of(context, "compare-screen-" + run, "Compare Screen Labs")
                .withUser("compare-screen-" + run, "Cleo Viewer", Role.TENANT_VIEWER);
        tenant.addDeployment(SLUG, NAME);
        Instant from = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(3));
        Instant to = from.plus(Duration.ofMinutes(30));
        ingest.ingestRequests(tenant.gateway(), SLUG, requests(run, from, "slowpoke", 14, 900));
        ingest.ingestRequests(tenant.gateway(), SLUG, requests(run, from, "speedy", 6, 150));
        // other consumers' traffic in the same window, which neither side may count
        ingest.ingestRequests(tenant.gateway(), SLUG, requests(run, from, "bystander", 9, 400));
        context.getBean(DimensionDeltaFold.class).foldWaiting();

        browser = Browser.open(port);
        browser.signIn("compare-screen-" + run, "demo");
        browser.open("/compare?aFrom=" + from + "&aTo=" + to);
        browser.awaitServerRoundTrips();

        pickDeployment("vaadin-combo-box.deployment-picker:nth-of-type(1) input");
        pickDeployment("vaadin-combo-box.deployment-picker:nth-of-type(2) input");
        browser.pick(SIDE_A + " vaadin-select", "one consumer");
        browser.awaitServerRoundTrips();
        type(SIDE_A + " vaadin-text-field input", "slowpoke");
        browser.pick(SIDE_B + " vaadin-select", "one consumer");
        browser.awaitServerRoundTrips();
        type(SIDE_B + " vaadin-text-field input", "speedy");
        browser.waitUntil(
                Duration.ofSeconds(30), d -> d.findElements(By.cssSelector(".compare-view vaadin-button")).stream()
                        .filter(button -> button.getText().trim().equals("Compare"))
                        .findFirst()
                        .map(button -> {
                            button.click();
                            return true;
                        })
                        .orElse(null));
        browser.waitUntil(Duration.ofSeconds(30), d -> d.getCurrentUrl().contains("bConsumer"));

        String address = browser.url();
        assertThat(address)
                .contains("a=" + SLUG, "aConsumer=slowpoke", "bConsumer=speedy", "aFrom=" + from, "aTo=" + to)
                .doesNotContain("bystander");
        showsEachConsumerAsSent();

        browser.driver.navigate().refresh();
        browser.awaitServerRoundTrips();
        assertThat(browser.url()).isEqualTo(address);
        showsEachConsumerAsSent();
        assertThat(browser.undefinedElements()).isEmpty();
        assertThat(browser.consoleErrors()).isEmpty();
    }

    private void showsEachConsumerAsSent() {
        String sideA = browser.waitUntil(
                Duration.ofSeconds(30),
                d -> textOnceItHas(d.findElement(By.cssSelector(".compare-side--a")), "slowpoke"));
        String sideB = browser.waitUntil(
                Duration.ofSeconds(30),
                d -> textOnceItHas(d.findElement(By.cssSelector(".compare-side--b")), "speedy"));
        assertThat(sideA).startsWith("A · " + SLUG + " · consumer slowpoke").contains(" · 14 requests · ");
        assertThat(sideB).startsWith("B · " + SLUG + " · consumer speedy").contains(" · 6 requests · ");
        // the pickers show what the address holds
        assertThat(inputValue(SIDE_A + " vaadin-text-field input")).isEqualTo("slowpoke");
        assertThat(inputValue(SIDE_B + " vaadin-text-field input")).isEqualTo("speedy");
        assertThat(browser.text(SIDE_A + " vaadin-select")).contains("one consumer");
        assertThat(browser.text(SIDE_B + " vaadin-select")).contains("one consumer");

        List<String> ttftP50 = browser.readUntil(
                Duration.ofSeconds(30),
                d -> deltaRows().stream()
                        .filter(row -> row.size() == 5 && row.getFirst().equals("TTFT p50"))
                        .findFirst()
                        .orElse(List.of()),
                row -> !row.isEmpty(),
                List.of());
        assertThat(ttftP50).hasSize(5);
        // every request of a consumer took the same time, so its p50 is that time within the sketches' ±1 %
        assertThat(millis(ttftP50.get(1))).isCloseTo(900, withinPercentage(1));
        assertThat(millis(ttftP50.get(2))).isCloseTo(150, withinPercentage(1));
    }

    private static String textOnceItHas(WebElement element, String text) {
        String shown = element.getText();
        return shown.contains(text) ? shown : null;
    }

    private String inputValue(String css) {
        return browser.waitUntil(
                Duration.ofSeconds(30), d -> d.findElement(By.cssSelector(css)).getDomProperty("value"));
    }

    /** Types into a picker's input as a person would and clicks the deployment it offers. */
    private void pickDeployment(String css) {
        WebElement input = browser.waitUntil(Duration.ofSeconds(30), d -> d.findElements(By.cssSelector(css)).stream()
                .filter(WebElement::isDisplayed)
                .findFirst()
                .orElse(null));
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), "by value");
        // the offered items may sit in a shadow root, where a CSS search from the document does not reach
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            WebElement item = (WebElement) ((JavascriptExecutor) d).executeScript("""
                            const walk = root => { for (const e of root.querySelectorAll('*')) {
                              if (e.localName === 'vaadin-combo-box-item' && e.checkVisibility()
                                  && e.textContent.trim() === arguments[0]) return e;
                              const inside = e.shadowRoot && walk(e.shadowRoot);
                              if (inside) return inside; } return null; };
                            return walk(document);""", NAME);
            if (item == null) {
                return null;
            }
            item.click();
            return true;
        });
        browser.waitUntil(Duration.ofSeconds(30), d -> NAME.equals(input.getDomProperty("value")) ? true : null);
        browser.awaitServerRoundTrips();
    }

    /** Types into a text field once the page enables it, and leaves it, so that its value reaches the server. */
    private void type(String css, String text) {
        WebElement input = browser.waitUntil(Duration.ofSeconds(30), d -> d.findElements(By.cssSelector(css)).stream()
                .filter(element -> element.isDisplayed() && element.isEnabled())
                .findFirst()
                .orElse(null));
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), text, Keys.TAB);
        browser.awaitServerRoundTrips();
    }

    @SuppressWarnings("unchecked")
    private List<List<String>> deltaRows() {
        List<List<String>> rows = (List<List<String>>) ((JavascriptExecutor) browser.driver).executeScript(DELTA_ROWS);
        return Optional.ofNullable(rows).orElse(List.of());
    }

    /** "386 ms", "1.21 s" or "1,210 ms" in milliseconds. */
    private static double millis(String latency) {
        String number = latency.replaceAll("[^0-9.]", "");
        return latency.trim().endsWith(" s") ? Double.parseDouble(number) * 1000 : Double.parseDouble(number);
    }

    private List<JsonNode> requests(String run, Instant from, String consumer, int count, double ttftMs) {
        List<JsonNode> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ObjectNode sample = json.createObjectNode();
            sample.put("requestId", consumer + "-" + run + "-" + i);
            sample.put("ts", from.plusSeconds(60L * i + 5).toString());
            sample.put("status", "ok");
            sample.put("ttftMs", ttftMs);
            sample.put("e2eMs", ttftMs + 800);
            sample.put("inputTokens", 100);
            sample.put("outputTokens", 100);
            sample.put("consumer", consumer);
            samples.add(sample);
        }
        return samples;
    }
}
