package dev.inferencemetrics.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.ElementClickInterceptedException;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Headless Debian Chromium driven by its chromedriver. Where Chromium is not installed the tests are skipped,
 * except on CI ({@code CI=true}), where a missing browser is a failure.
 */
public final class Browser implements AutoCloseable {

    private static final File CHROMIUM = new File("/usr/bin/chromium");
    private static final File CHROMEDRIVER = new File("/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of("target", "e2e-screenshots");

    final WebDriver driver;
    private final String baseUrl;

    private Browser(WebDriver driver, String baseUrl) {
        this.driver = driver;
        this.baseUrl = baseUrl;
    }

    public static Browser open(int port) {
        boolean installed = CHROMIUM.canExecute() && CHROMEDRIVER.canExecute();
        if (!"true".equals(System.getenv("CI"))) {
            assumeTrue(
                    installed,
                    "Chromium and chromedriver are not installed (apt-get install chromium chromium-driver)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
                "--window-size=1440,1400");
        options.setCapability("goog:loggingPrefs", Map.of("browser", "ALL"));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER)
                .build();
        BrowserTurn.take();
        try {
            return new Browser(new ChromeDriver(service, options), "http://localhost:" + port);
        } catch (RuntimeException e) {
            BrowserTurn.giveBack();
            throw e;
        }
    }

    /** A browser whose clock runs in this time zone, as a viewer elsewhere in the world would have it. */
    static Browser open(int port, String timeZone) {
        Browser browser = open(port);
        ((ChromeDriver) browser.driver)
                .executeCdpCommand("Emulation.setTimezoneOverride", Map.of("timezoneId", timeZone));
        return browser;
    }

    /** Resizes the window, such as to a phone's width. */
    void resize(int width, int height) {
        driver.manage().window().setSize(new org.openqa.selenium.Dimension(width, height));
    }

    public void signIn(String username, String password) {
        driver.get(baseUrl + "/login");
        // the first request may wait for the development bundle to be built
        WebElement user = waitUntil(Duration.ofMinutes(3), d -> visible(d, By.cssSelector("input[name=username]")));
        user.sendKeys(username);
        driver.findElement(By.cssSelector("input[name=password]")).sendKeys(password);
        driver.findElement(By.cssSelector("vaadin-button[slot=submit]")).click();
        waitUntil(Duration.ofSeconds(30), d -> !d.getCurrentUrl().contains("/login"));
    }

    public void open(String path) {
        driver.get(baseUrl + path);
    }

    /** Charts may redraw while they are read; an element replaced under the condition makes it try again. */
    public <T> T waitUntil(Duration timeout, java.util.function.Function<WebDriver, T> condition) {
        return new WebDriverWait(driver, timeout)
                .ignoring(StaleElementReferenceException.class)
                .until(condition::apply);
    }

    /**
     * Waits until at least {@code count} shown charts of the page's chart grids show {@code drawnCss} in their shadow
     * roots, and reads what each one shows in the same pass: a chart redrawn in between is simply read again. Charts
     * a page hides (the GPU charts of a deployment without a DCGM exporter) are never drawn, so they are not waited for.
     */
    List<DrawnChart> drawnCharts(int count, String drawnCss) {
        return waitUntil(Duration.ofSeconds(60), d -> {
            List<WebElement> hosts = all(".chart-grid im-apex-chart").stream()
                    .filter(WebElement::isDisplayed)
                    .toList();
            if (hosts.size() < count) {
                return null;
            }
            List<DrawnChart> drawn = new ArrayList<>();
            for (WebElement host : hosts) {
                SearchContext root = shadowOf(host);
                if (root.findElements(By.cssSelector(drawnCss)).isEmpty()) {
                    return null;
                }
                drawn.add(new DrawnChart(
                        root.findElement(By.cssSelector(".apexcharts-title-text"))
                                .getText(),
                        texts(root, ".apexcharts-legend-text"),
                        !root.findElements(By.cssSelector(".apexcharts-yaxis-annotations"))
                                .isEmpty()));
            }
            return drawn;
        });
    }

    /**
     * Reads every chart of the page until the readings satisfy {@code wanted} or the timeout passes, and returns the
     * last readings either way, so the test's assertions say what was on screen.
     */
    List<ChartReading> chartsOnceThey(Duration timeout, Predicate<List<ChartReading>> wanted) {
        return readUntil(timeout, d -> readCharts(), read -> !read.isEmpty() && wanted.test(read), List.of());
    }

    /**
     * Reads the page until what it reads is wanted, and returns the last reading either way (or {@code none}), so
     * the assertion that follows says what the page showed.
     */
    <T> T readUntil(Duration timeout, java.util.function.Function<WebDriver, T> read, Predicate<T> wanted, T none) {
        java.util.concurrent.atomic.AtomicReference<T> last = new java.util.concurrent.atomic.AtomicReference<>(none);
        try {
            return waitUntil(timeout, d -> {
                T reading = read.apply(d);
                last.set(reading);
                return wanted.test(reading) ? reading : null;
            });
        } catch (org.openqa.selenium.TimeoutException e) {
            return last.get();
        }
    }

    @SuppressWarnings("unchecked")
    private List<ChartReading> readCharts() {
        List<Map<String, Object>> read =
                (List<Map<String, Object>>) ((JavascriptExecutor) driver).executeScript(ChartReading.SCRIPT);
        if (read == null || read.stream().anyMatch(chart -> !Boolean.TRUE.equals(chart.get("drawn")))) {
            return List.of();
        }
        return read.stream().map(ChartReading::of).toList();
    }

    /**
     * The shown items of the list the given select has open: in its own light DOM (Vaadin 25) or in an opened overlay
     * it owns; never an item copied into a select's value button, which is how another select shows what it holds.
     */
    private static final String OPEN_ITEMS = """
            const select = arguments[0];
            return Array.from(document.querySelectorAll('vaadin-select-item')).filter(item => {
              if (item.closest('vaadin-select-value-button') || !item.checkVisibility()) return false;
              const overlay = item.closest('vaadin-select-overlay');
              return item.closest('vaadin-select') === select
                || (overlay && overlay.hasAttribute('opened') && overlay.owner === select);
            });
            """;

    /** Opens a drop-down as a person would and clicks the item with this label in the list it opened. */
    @SuppressWarnings("unchecked")
    void pick(String selectCss, String label) {
        WebElement select = waitUntil(Duration.ofSeconds(30), d -> {
            WebElement found = d.findElement(By.cssSelector(selectCss));
            found.click();
            return found;
        });
        waitUntil(Duration.ofSeconds(30), d -> ((List<WebElement>)
                        ((JavascriptExecutor) d).executeScript(OPEN_ITEMS, select))
                .stream()
                        .filter(item -> item.getText().trim().equals(label))
                        .findFirst()
                        .map(item -> {
                            // a long list scrolls inside its overlay: bring the item into view first, and try
                            // again while the list is still moving under the pointer
                            ((JavascriptExecutor) d)
                                    .executeScript("arguments[0].scrollIntoView({block: 'center'})", item);
                            try {
                                item.click();
                                return true;
                            } catch (ElementClickInterceptedException e) {
                                return null;
                            }
                        })
                        .orElse(null));
    }

    /** Types a value into a Vaadin field as its own input would report it, then leaves the field. */
    void setValue(String css, String value) {
        WebElement field = waitUntil(Duration.ofSeconds(30), d -> visible(d, By.cssSelector(css)));
        ((JavascriptExecutor) driver)
                .executeScript(
                        "arguments[0].value = arguments[1];"
                                + " arguments[0].dispatchEvent(new CustomEvent('change', {bubbles: true}));",
                        field,
                        value);
    }

    /** Waits until the page's Vaadin client has no request to the server in flight. */
    void awaitServerRoundTrips() {
        waitUntil(Duration.ofSeconds(30), d -> (Boolean) ((JavascriptExecutor) d)
                .executeScript("return !!(window.Vaadin && window.Vaadin.Flow && window.Vaadin.Flow.clients)"
                        + " && Object.values(window.Vaadin.Flow.clients)"
                        + ".every(client => !client.isActive || !client.isActive());"));
    }

    /** The script errors the browser's console has logged since the last call. */
    List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(entry -> entry.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .toList();
    }

    /**
     * The custom elements in the page, its shadow roots and its overlays whose definition never arrived: a component
     * the server created but the browser bundle does not hold.
     */
    @SuppressWarnings("unchecked")
    List<String> undefinedElements() {
        return (List<String>) ((JavascriptExecutor) driver).executeScript("""
                        const missing = new Set();
                        // light-DOM wrappers that are never meant to be defined
                        const plain = name =>
                          ['vaadin-grid-cell-content', 'vaadin-dialog-content'].includes(name) || name.startsWith('flow-container-');
                        const walk = root => root.querySelectorAll('*').forEach(element => {
                          const name = element.localName;
                          if (name.includes('-') && !customElements.get(name) && !plain(name)) {
                            missing.add(element.localName);
                          }
                          if (element.shadowRoot) walk(element.shadowRoot);
                        });
                        walk(document);
                        return [...missing].sort();
                        """);
    }

    /** The address bar as a person reads it, without percent-encoding. */
    String url() {
        return java.net.URLDecoder.decode(driver.getCurrentUrl(), java.nio.charset.StandardCharsets.UTF_8);
    }

    String text(String css) {
        return waitUntil(
                Duration.ofSeconds(30), d -> d.findElement(By.cssSelector(css)).getText());
    }

    private static List<String> texts(SearchContext root, String css) {
        return root.findElements(By.cssSelector(css)).stream()
                .map(WebElement::getText)
                .toList();
    }

    static SearchContext shadowOf(WebElement host) {
        return host.getShadowRoot();
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Path target = SCREENSHOTS.resolve(name + ".png");
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
        return target;
    }

    private static WebElement visible(WebDriver driver, By by) {
        List<WebElement> found = driver.findElements(by);
        return found.isEmpty() || !found.get(0).isDisplayed() ? null : found.get(0);
    }

    @Override
    public void close() {
        try {
            driver.quit();
        } finally {
            BrowserTurn.giveBack();
        }
    }
}
