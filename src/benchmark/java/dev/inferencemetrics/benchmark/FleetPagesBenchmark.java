package dev.inferencemetrics.benchmark;

import com.vaadin.flow.server.VaadinServletContext;
import com.vaadin.flow.server.startup.ApplicationConfiguration;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.e2e.Browser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import jakarta.servlet.ServletContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openqa.selenium.By;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.web.context.WebApplicationContext;

/**
 * How long each page that lists deployments takes to draw in headless Chromium for a tenant of 1,000 deployments
 * (or {@code -Dbenchmark.deployments=N}), beside the same page for a tenant of 5 in the same run: from asking for the
 * page until it shows what a person came for, median of 5 full loads after one. A tenant's admin opens the fleet,
 * Usage, Alerts, API keys and Compare; an operator opens the admin list, Prices and the audit log, once with only the
 * small tenant and again after the large one is filled. Needs Chromium and chromedriver. Not a test: see
 * BENCHMARKS.md.
 */
public final class FleetPagesBenchmark {

    private static final int DEPLOYMENTS = Integer.getInteger("benchmark.deployments", 1_000);
    private static final int SMALL = 5;
    private static final int LOADS = 5;
    private static final String PASSWORD = "benchmark-password-1";
    private static final String KEY = "Bench gateway";

    private FleetPagesBenchmark() {}

    /** A page, and the XPath of what shows once it is drawn. */
    private record Page(String path, String drawn) {}

    public static void main(String[] args) throws Exception {
        Path data = Files.createTempDirectory("inference-metrics-fleet-pages-benchmark-");
        try (ConfigurableApplicationContext app =
                QuietApplication.start(data, QuietApplication.WITHOUT_DEMO, QuietApplication.PATIENT)) {
            run(app);
        } finally {
            IngestQueryBenchmark.deleteRecursively(data);
        }
    }

    private static void run(ConfigurableApplicationContext app) {
        int port = ((WebServerApplicationContext) app).getWebServer().getPort();
        app.getBean(UserAccounts.class).createIfAbsent(null, "bench-operator", "Operator", PASSWORD, Role.OPERATOR);
        String small = tenantWith(app, "bench-small", SMALL);
        Map<String, long[]> before = timeAll(port, small, "bench-small-");
        String large = tenantWith(app, "bench-large", DEPLOYMENTS);
        Map<String, long[]> after = timeAll(port, large, "bench-large-");
        System.out.printf(
                Locale.ROOT,
                "%nPages drawn in headless Chromium (Vaadin in %s mode), median of %d full loads after one%n"
                        + "| page | %,d deployments | baseline: %d deployments | ratio | < 2,000 ms |%n"
                        + "| --- | ---: | ---: | ---: | --- |%n",
                vaadinMode(app),
                LOADS,
                DEPLOYMENTS,
                SMALL);
        after.forEach((page, largeMs) -> {
            double largeMedian = median(largeMs);
            double smallMedian = median(before.get(page));
            System.out.printf(
                    Locale.ROOT,
                    "| %s | %,.0f ms | %,.0f ms | %.2f× | %s |%n",
                    page,
                    largeMedian,
                    smallMedian,
                    largeMedian / smallMedian,
                    largeMedian < 2_000 ? "met" : "missed");
        });
        after.forEach((page, largeMs) -> System.out.printf(
                Locale.ROOT,
                "%s all loads, ms: %s and %s%n",
                page,
                Arrays.toString(largeMs),
                Arrays.toString(before.get(page))));
    }

    /** Each page's load times: the tenant admin's pages, then the operator's. */
    private static Map<String, long[]> timeAll(int port, String admin, String prefix) {
        String anyDeployment = "//vaadin-grid-cell-content[contains(., 'Bench')]";
        Map<String, long[]> took = new LinkedHashMap<>();
        List<Page> tenantPages = List.of(
                new Page("/", anyDeployment),
                new Page("/usage", anyDeployment),
                new Page("/alerts", "//p[contains(@class, 'alerts-summary') and contains(., ' in the ')]"),
                new Page("/api-keys", "//vaadin-grid-cell-content[contains(., '" + KEY + "')]"),
                new Page(
                        "/compare?a=" + prefix + "0&b=" + prefix + "1",
                        "//vaadin-grid-cell-content[contains(., 'TTFT')]"));
        List<Page> operatorPages = List.of(
                new Page("/admin/deployments", anyDeployment),
                new Page("/admin/prices", "//vaadin-grid-cell-content[contains(., 'From the start')]"),
                new Page("/admin/audit", "//p[contains(@class, 'audit-summary') and contains(., ' in the ')]"));
        try (Browser browser = Browser.open(port)) {
            browser.signIn(admin, PASSWORD);
            tenantPages.forEach(page -> took.put(page.path().replaceAll("\\?.*", ""), loads(browser, page)));
        }
        try (Browser browser = Browser.open(port)) {
            browser.signIn("bench-operator", PASSWORD);
            operatorPages.forEach(page -> took.put(page.path(), loads(browser, page)));
        }
        return took;
    }

    /** A tenant with {@code count} deployments, a key and an admin of its own; returns the admin's username. */
    private static String tenantWith(ConfigurableApplicationContext app, String slug, int count) {
        long tenant = app.getBean(TenantService.class).createIfAbsent(slug, "Tenant " + slug);
        FleetBenchmark.fill(app, tenant, slug + "-", count);
        app.getBean(ApiKeyService.class).create(TenantScope.tenant(tenant), tenant, KEY, Set.of(ApiScope.INGEST), null);
        String username = slug + "-admin";
        app.getBean(UserAccounts.class).createIfAbsent(tenant, username, "Admin", PASSWORD, Role.TENANT_ADMIN);
        IngestQueryBenchmark.progress("%s: %,d deployments".formatted(slug, count));
        return username;
    }

    private static long[] loads(Browser browser, Page page) {
        load(browser, page);
        long[] took = new long[LOADS];
        for (int i = 0; i < LOADS; i++) {
            took[i] = load(browser, page);
        }
        return took;
    }

    /** Milliseconds of one full load: Vaadin's bootstrap, the page's reads, the browser drawing them. */
    private static long load(Browser browser, Page page) {
        long start = System.nanoTime();
        browser.open(page.path());
        browser.waitUntil(Duration.ofSeconds(60), driver -> !driver.findElements(By.xpath(page.drawn()))
                .isEmpty());
        return (System.nanoTime() - start) / 1_000_000;
    }

    /** Production (the optimised frontend bundle, {@code -Pproduction}) or development. */
    private static String vaadinMode(ConfigurableApplicationContext app) {
        ServletContext servlet = ((WebApplicationContext) app).getServletContext();
        boolean production =
                ApplicationConfiguration.get(new VaadinServletContext(servlet)).isProductionMode();
        return production ? "production" : "development";
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
