package dev.inferencemetrics.benchmark;

import com.vaadin.flow.server.VaadinServletContext;
import com.vaadin.flow.server.startup.ApplicationConfiguration;
import dev.inferencemetrics.e2e.Browser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenant.TenantService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.servlet.ServletContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import org.openqa.selenium.By;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.context.WebApplicationContext;

/**
 * How long the fleet overview takes to draw in headless Chromium for a tenant of 1,000 deployments (or
 * {@code -Dbenchmark.deployments=N}) with an hour of rollups each, beside the same page for a tenant of 5 in the same
 * run: from asking for the page until the grid shows its first deployments and their TTFT trends, as a person sees
 * it, median of 7 loads
 * after one. Needs Chromium and chromedriver (as the browser tests do). Not a test: see BENCHMARKS.md.
 */
public final class FleetPageBenchmark {

    private static final int DEPLOYMENTS = Integer.getInteger("benchmark.deployments", 1_000);
    private static final int SMALL = 5;
    private static final int LOADS = 7;
    private static final String PASSWORD = "benchmark-password-1";

    private FleetPageBenchmark() {}

    public static void main(String[] args) throws Exception {
        Path data = Files.createTempDirectory("inference-metrics-fleet-page-benchmark-");
        try (ConfigurableApplicationContext app =
                QuietApplication.start(data, QuietApplication.WITHOUT_DEMO, QuietApplication.PATIENT)) {
            run(app);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(ConfigurableApplicationContext app) {
        String large = tenantWith(app, "bench-large", DEPLOYMENTS);
        String small = tenantWith(app, "bench-small", SMALL);
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        Timer fleetReads = app.getBean(MeterRegistry.class).timer("inference.metrics.fleet.query");
        long[] largeMs;
        long[] smallMs;
        long readsBefore = fleetReads.count();
        try (Browser browser = Browser.open(port)) {
            largeMs = loads(browser, large);
        }
        double readsPerLoad = (double) (fleetReads.count() - readsBefore) / (LOADS + 1);
        try (Browser browser = Browser.open(port)) {
            smallMs = loads(browser, small);
        }
        double largeMedian = median(largeMs);
        double smallMedian = median(smallMs);
        System.out.printf(
                Locale.ROOT,
                "%nFleet overview drawn in headless Chromium (Vaadin in %s mode), median of %d loads after one"
                        + " (all loads, ms: %s and %s); fleet reads per load: %.1f%n"
                        + "| %,d deployments | baseline: %d deployments | %,d ÷ %d |%n"
                        + "| %,.0f ms | %,.0f ms | %.2f× |%n"
                        + "target: < 2,000 ms at 1,000 deployments: %s%n",
                vaadinMode(app),
                LOADS,
                Arrays.toString(largeMs),
                Arrays.toString(smallMs),
                readsPerLoad,
                DEPLOYMENTS,
                SMALL,
                DEPLOYMENTS,
                SMALL,
                largeMedian,
                smallMedian,
                largeMedian / smallMedian,
                largeMedian < 2_000 ? "met" : "missed");
    }

    /** Production (the optimised frontend bundle, {@code -Pproduction}) or development. */
    private static String vaadinMode(ConfigurableApplicationContext app) {
        ServletContext servlet = ((WebApplicationContext) app).getServletContext();
        boolean production =
                ApplicationConfiguration.get(new VaadinServletContext(servlet)).isProductionMode();
        return production ? "production" : "development";
    }

    /** A tenant with {@code count} deployments and a tenant viewer of its own; returns the viewer's username. */
    private static String tenantWith(ConfigurableApplicationContext app, String slug, int count) {
        long tenant = app.getBean(TenantService.class).createIfAbsent(slug, "Tenant " + slug);
        FleetBenchmark.fill(app, tenant, slug + "-", count);
        String username = slug + "-viewer";
        app.getBean(UserAccounts.class).createIfAbsent(tenant, username, "Viewer", PASSWORD, Role.TENANT_VIEWER);
        IngestQueryBenchmark.progress("%s: %,d deployments".formatted(slug, count));
        return username;
    }

    /** Milliseconds from asking for the overview until its grid shows a deployment, for each timed load. */
    private static long[] loads(Browser browser, String username) {
        browser.signIn(username, PASSWORD);
        load(browser);
        long[] took = new long[LOADS];
        for (int i = 0; i < LOADS; i++) {
            took[i] = load(browser);
        }
        return took;
    }

    private static long load(Browser browser) {
        // a full page load every time: the browser asks anew, Vaadin bootstraps, the grid fetches its first rows
        long start = System.nanoTime();
        browser.open("/");
        // and the rows' TTFT trends are drawn
        browser.waitUntil(
                Duration.ofSeconds(60),
                driver -> !driver.findElements(By.xpath("//vaadin-grid-cell-content[contains(., 'Bench')]"))
                                .isEmpty()
                        && !driver.findElements(By.cssSelector("vaadin-grid-cell-content svg.fleet-trend"))
                                .isEmpty());
        return (System.nanoTime() - start) / 1_000_000;
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
