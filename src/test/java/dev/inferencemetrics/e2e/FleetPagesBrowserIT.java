package dev.inferencemetrics.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.LargeFleet;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.SeededTenant;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/**
 * Every page that lists deployments, alerts, events, keys or tenants, opened in Chromium for a tenant of 1,000
 * deployments by its admin and by an operator, and by an operator over 10,000 deployments in ten tenants: each finds a
 * row or a tenant by typing its name, counts the whole list, and draws only a screenful of rows, so none reads or
 * renders the fleet at once.
 */
@IntegrationTest
class FleetPagesBrowserIT {

    /** The seeded alerts carry this acknowledgement, so a run replaces the previous run's. */
    private static final String ACKNOWLEDGED_BY = "Fleet pages check";

    private static final int AUDITED = 600;

    /** The operators' fleet: ten tenants of a thousand deployments each. */
    private static final int TENANTS = 10;

    private static final int PER_TENANT = 1_000;

    /** The tenant of the operators' fleet whose keys, users, alerts and usage the operator opens. */
    private static final int PICKED = 7;

    private static final String PICKED_ADMIN = "operator-fleet-07-admin";
    private static final String PICKED_KEY = "Operator fleet 07 gateway";
    private static final String KEY_NAME = "Fleet pages gateway";

    /** The grid on screen (the {@code index}th shown), as [rows it holds, rows it has drawn, all rows drawn]. */
    private static final String GRID = "const g = Array.from(document.querySelectorAll(arguments[0]))"
            + ".filter(g => g.offsetParent !== null)[0];"
            + " return g ? [g.size || 0, g.shadowRoot.querySelectorAll('#items tr').length,"
            + " g.hasAttribute('all-rows-visible') ? 1 : 0] : null;";

    /** The texts of every combo box item shown, wherever the overlay puts them. */
    private static final String COMBO_ITEMS = """
            const texts = [];
            const walk = root => root.querySelectorAll('*').forEach(e => {
              if (e.localName === 'vaadin-combo-box-item' && e.offsetParent !== null) texts.push(e.textContent.trim());
              if (e.shadowRoot) walk(e.shadowRoot);
            });
            walk(document);
            return texts;""";

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    @Autowired
    AlertService alerts;

    @Autowired
    AuditLog audit;

    @Autowired
    ApiKeyService apiKeys;

    @Autowired
    OwnerJdbc owner;

    @Test
    void a_tenant_of_1000_deployments_opens_every_page_finds_a_row_by_name_and_draws_only_a_screenful() {
        SeededTenant fleet = LargeFleet.AT_REST.seed(context, LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
        aResolvedAlertOnEachDeployment(fleet);
        String actor = "fleet-check-" + ThreadLocalRandom.current().nextInt(1_000_000);
        anEventPerDeployment(fleet, actor);
        if (apiKeys.page(TenantScope.tenant(fleet.id()), fleet.id(), 0, 100).stream()
                .noneMatch(key -> key.name().equals(KEY_NAME))) {
            apiKeys.create(TenantScope.tenant(fleet.id()), fleet.id(), KEY_NAME, ApiScope.tenantScopes(), null);
        }

        try (Browser browser = Browser.open(port)) {
            browser.signIn(LargeFleet.AT_REST.admin(), "demo");
            asTheTenantsAdmin(browser);
            browser.driver.manage().deleteAllCookies();
            browser.signIn("operator", "demo");
            asAnOperator(browser, actor);
        }
    }

    @Test
    void an_operator_over_10000_deployments_in_ten_tenants_finds_each_tenant_and_deployment_by_name() {
        anOperatorsFleet();

        try (Browser browser = Browser.open(port)) {
            browser.signIn("operator", "demo");

            browser.open("/");
            anyCellShown(browser);
            assertScreenful(browser, "vaadin-grid", TENANTS * PER_TENANT);
            type(browser, "vaadin-text-field.fleet-filter input", deploymentName(PICKED, 734));
            cellOnceShown(browser, deploymentName(PICKED, 734));

            browser.open("/admin/deployments");
            type(browser, "vaadin-text-field.tenant-filter input", tenantName(PICKED));
            cellOnceShown(browser, tenantSlug(PICKED));
            type(browser, "vaadin-text-field.deployment-filter input", deploymentName(PICKED, 734));
            cellOnceShown(browser, deploymentSlug(PICKED, 734));
            assertThat(pickTenant(browser, "vaadin-combo-box.tenant-chooser input", tenantName(PICKED)))
                    .as("the tenants offered for a new deployment, for the name typed")
                    .containsExactly(tenantName(PICKED));

            browser.open("/api-keys");
            assertThat(pickTenant(browser, "vaadin-combo-box.tenant-chooser input", tenantName(PICKED)))
                    .containsExactly(tenantName(PICKED));
            cellOnceShown(browser, PICKED_KEY);

            browser.open("/users");
            assertThat(pickTenant(browser, "vaadin-combo-box.tenant-chooser input", tenantName(PICKED)))
                    .containsExactly(tenantName(PICKED));
            cellOnceShown(browser, PICKED_ADMIN);

            browser.open("/alerts");
            anyCellShown(browser);
            pickTenant(browser, "vaadin-combo-box.tenant-chooser:not(.channel-tenant) input", tenantName(PICKED));
            browser.waitUntil(
                    Duration.ofSeconds(30), d -> browser.text(".alerts-summary").startsWith("0 alerts in"));
            assertThat(pickTenant(browser, "vaadin-combo-box.channel-tenant input", "Operator Fleet 0"))
                    .as("the tenants offered for a channel, for the name typed")
                    .containsAll(IntStream.rangeClosed(1, 9)
                            .mapToObj(FleetPagesBrowserIT::tenantName)
                            .toList())
                    .allMatch(name -> name.startsWith("Operator Fleet 0"));

            browser.open("/usage");
            browser.pick("vaadin-select.usage-tenant", tenantName(PICKED));
            browser.waitUntil(Duration.ofSeconds(30), d -> browser.url().contains("tenant=" + tenantSlug(PICKED)));

            browser.open("/compare?a=" + deploymentSlug(PICKED, 1) + "&b=" + deploymentSlug(PICKED, 2));
            List<String> offered = pickFromCombo(
                    browser, "vaadin-combo-box.deployment-picker input", "07 model 0734", deploymentName(PICKED, 734));
            assertThat(offered).singleElement().asString().startsWith(deploymentName(PICKED, 734));
            browser.driver
                    .findElement(By.xpath("//vaadin-button[normalize-space(.)='Compare']"))
                    .click();
            browser.waitUntil(Duration.ofSeconds(30), d -> browser.url().contains("a=" + deploymentSlug(PICKED, 734)));
        }
    }

    /** Types into a tenant picker and picks {@link #PICKED}'s tenant; returns the tenants it offered. */
    private static List<String> pickTenant(Browser browser, String css, String text) {
        return pickFromCombo(browser, css, text, tenantName(PICKED));
    }

    /**
     * Ten tenants of a thousand deployments, once per database. The tenants, the picked one's admin and key come
     * through the services; the deployments are written as the provisioning path writes them (the deployment row,
     * with the default SLOs, and its first price from the start), in one statement per tenant, as 10,000 calls would
     * take minutes.
     */
    private void anOperatorsFleet() {
        for (int t = 1; t <= TENANTS; t++) {
            SeededTenant tenant = SeededTenant.of(context, tenantSlug(t), tenantName(t));
            owner.jdbc().update("""
                            insert into deployment (tenant_id, slug, display_name, model, engine, region)
                            select ?, format('%s-%s', ?::text, lpad(n::text, 4, '0')),
                                   format('%s model %s', ?::text, lpad(n::text, 4, '0')), 'fleet-model', 'vLLM',
                                   'eu-west-1'
                              from generate_series(1, ?) n
                            on conflict (slug) do nothing""", tenant.id(), tenantSlug(t), "Op fleet %02d".formatted(t), PER_TENANT);
            owner.jdbc().update("""
                            insert into deployment_price (tenant_id, deployment_id, effective_from,
                                                          price_input_per_mtok, price_output_per_mtok, currency)
                            select tenant_id, id, 'epoch', 1, 2, 'USD' from deployment where tenant_id = ?
                            on conflict (tenant_id, deployment_id, effective_from) do nothing""", tenant.id());
            if (t == PICKED) {
                tenant.withUser(PICKED_ADMIN, "Olga Fleet", Role.TENANT_ADMIN);
                TenantScope scope = TenantScope.tenant(tenant.id());
                if (apiKeys.page(scope, tenant.id(), 0, 100).stream()
                        .noneMatch(key -> key.name().equals(PICKED_KEY))) {
                    apiKeys.create(scope, tenant.id(), PICKED_KEY, ApiScope.tenantScopes(), null);
                }
            }
        }
    }

    private static String tenantSlug(int t) {
        return "operator-fleet-%02d".formatted(t);
    }

    private static String tenantName(int t) {
        return "Operator Fleet %02d".formatted(t);
    }

    private static String deploymentSlug(int t, int n) {
        return "%s-%04d".formatted(tenantSlug(t), n);
    }

    private static String deploymentName(int t, int n) {
        return "Op fleet %02d model %04d".formatted(t, n);
    }

    private void asTheTenantsAdmin(Browser browser) {
        browser.open("/");
        cellOnceShown(browser, "Fleet model");
        assertScreenful(browser, "vaadin-grid", LargeFleet.SIZE);
        type(browser, "vaadin-text-field.fleet-filter input", "model 0734");
        cellOnceShown(browser, LargeFleet.AT_REST.name(734));

        browser.open("/usage");
        cellOnceShown(browser, "Fleet model");
        assertScreenful(browser, ".usage-tables vaadin-grid", LargeFleet.SIZE);
        type(browser, "vaadin-text-field.usage-filter input", "model 0734");
        cellOnceShown(browser, LargeFleet.AT_REST.name(734));

        browser.open("/alerts");
        cellOnceShown(browser, LargeFleet.AT_REST.name(1000));
        // ScreenFitBrowserIT may have left an alert of its own on the fleet
        assertThat(browser.text(".alerts-summary")).matches("1,0\\d\\d alerts in the last 7 days\\. Times in .*");
        assertScreenful(browser, "vaadin-grid", LargeFleet.SIZE);
        // the oldest lies past the 500 newest: the grid reads it when scrolled to its end
        scrollToTheEnd(browser);
        cellOnceShown(browser, ACKNOWLEDGED_BY + ", ");
        cellOnceShown(browser, LargeFleet.AT_REST.name(1));
        pickFromCombo(browser, "vaadin-combo-box.deployment-picker input", "0734", LargeFleet.AT_REST.name(734));
        browser.waitUntil(
                Duration.ofSeconds(30), d -> browser.text(".alerts-summary").startsWith("1 alert in"));
        cellOnceShown(browser, LargeFleet.AT_REST.name(734));

        browser.open("/api-keys");
        cellOnceShown(browser, KEY_NAME);
        assertThat(grid(browser, "vaadin-grid").get(2))
                .as("an all-rows key grid")
                .isZero();

        browser.open("/compare?a=" + LargeFleet.AT_REST.slug(1) + "&b=" + LargeFleet.AT_REST.slug(2));
        cellOnceShown(browser, "TTFT");
        List<String> offered = pickFromCombo(
                browser, "vaadin-combo-box.deployment-picker input", "0734", LargeFleet.AT_REST.name(734));
        assertThat(offered).containsExactly(LargeFleet.AT_REST.name(734));
        browser.driver
                .findElement(By.xpath("//vaadin-button[normalize-space(.)='Compare']"))
                .click();
        browser.waitUntil(Duration.ofSeconds(30), d -> browser.url().contains("a=" + LargeFleet.AT_REST.slug(734)));
    }

    private void asAnOperator(Browser browser, String actor) {
        browser.open("/");
        anyCellShown(browser); // other tenants' rows may come first for an operator
        assertScreenful(browser, "vaadin-grid", LargeFleet.SIZE);
        type(browser, "vaadin-text-field.fleet-filter input", "Fleet model 0734");
        cellOnceShown(browser, LargeFleet.AT_REST.name(734));

        browser.open("/admin/deployments");
        type(browser, "vaadin-text-field.tenant-filter input", "Large Fleet");
        cellOnceShown(browser, "large-fleet");
        type(browser, "vaadin-text-field.deployment-filter input", "Fleet model 0734");
        cellOnceShown(browser, LargeFleet.AT_REST.slug(734));

        browser.open("/admin/prices");
        List<String> priced = pickFromCombo(
                browser, "vaadin-combo-box.deployment-picker input", "Fleet model 0734", LargeFleet.AT_REST.name(734));
        assertThat(priced).containsExactly(LargeFleet.AT_REST.name(734) + " (Large Fleet)");
        cellOnceShown(browser, "From the start");

        browser.open("/alerts");
        anyCellShown(browser); // other tenants' rows may come first for an operator
        pickFromCombo(browser, "vaadin-combo-box.tenant-chooser:not(.channel-tenant) input", "Large Fl", "Large Fleet");
        browser.waitUntil(
                Duration.ofSeconds(30), d -> browser.text(".alerts-summary").matches("1,0\\d\\d alerts in .*"));
        assertScreenful(browser, "vaadin-grid", LargeFleet.SIZE);

        browser.open("/admin/audit");
        type(browser, "vaadin-text-field input", actor);
        browser.waitUntil(Duration.ofSeconds(30), d -> browser.text(".audit-summary")
                .equals(AUDITED + " events in the last 24 hours."));
        assertScreenful(browser, "vaadin-grid", AUDITED);
        scrollToTheEnd(browser);
        cellOnceShown(browser, LargeFleet.AT_REST.slug(1) + " reviewed");

        browser.open("/admin/operator-keys");
        browser.waitUntil(Duration.ofSeconds(30), d -> grid(browser, "vaadin-grid"));
        assertThat(grid(browser, "vaadin-grid").get(2))
                .as("an all-rows key grid")
                .isZero();
    }

    /** The grid holds at least {@code rows} rows but has drawn only a screenful of them. */
    private static void assertScreenful(Browser browser, String grid, int rows) {
        List<Long> read = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<Long> shown = grid(browser, grid);
            return shown != null && shown.get(0) >= rows ? shown : null;
        });
        assertThat(read.get(0)).as("rows the grid holds").isGreaterThanOrEqualTo(rows);
        assertThat(read.get(1)).as("rows the grid has drawn").isLessThan(200);
        assertThat(read.get(2)).as("an all-rows grid").isZero();
    }

    @SuppressWarnings("unchecked")
    private static List<Long> grid(Browser browser, String css) {
        return (List<Long>) ((JavascriptExecutor) browser.driver).executeScript(GRID, css);
    }

    private static void scrollToTheEnd(Browser browser) {
        ((JavascriptExecutor) browser.driver)
                .executeScript("const g = Array.from(document.querySelectorAll('vaadin-grid'))"
                        + ".filter(g => g.offsetParent !== null)[0]; g.scrollToIndex(g.size - 1);");
    }

    private static void type(Browser browser, String css, String text) {
        WebElement input = browser.waitUntil(Duration.ofSeconds(30), d -> d.findElements(By.cssSelector(css)).stream()
                .filter(WebElement::isDisplayed)
                .findFirst()
                .orElse(null));
        // what the field holds (a picker's chosen deployment) gives way to the text, as when a person selects it all
        input.sendKeys(Keys.chord(Keys.CONTROL, "a"), text);
    }

    /** Types into a combo box as a person would and picks the item; returns the items it offered for the text. */
    @SuppressWarnings("unchecked")
    private static List<String> pickFromCombo(Browser browser, String css, String text, String item) {
        type(browser, css, text);
        List<String> offered = browser.waitUntil(Duration.ofSeconds(30), d -> {
            List<String> shown = (List<String>) ((JavascriptExecutor) d).executeScript(COMBO_ITEMS);
            return shown.stream().anyMatch(label -> label.startsWith(item)) ? shown : null;
        });
        browser.waitUntil(Duration.ofSeconds(30), d -> {
            ((JavascriptExecutor) d).executeScript("""
                            const walk = root => { for (const e of root.querySelectorAll('*')) {
                              if (e.localName === 'vaadin-combo-box-item' && e.textContent.trim().startsWith(arguments[0])) {
                                e.click(); return true; }
                              if (e.shadowRoot && walk(e.shadowRoot)) return true; } return false; };
                            return walk(document);""", item);
            return true;
        });
        return offered;
    }

    private static String anyCellShown(Browser browser) {
        return browser.waitUntil(Duration.ofSeconds(60), d -> browser.all("vaadin-grid-cell-content").stream()
                .map(WebElement::getText)
                .filter(cell -> !cell.isBlank())
                .findFirst()
                .orElse(null));
    }

    private static String cellOnceShown(Browser browser, String text) {
        return browser.waitUntil(Duration.ofSeconds(60), d -> browser.all("vaadin-grid-cell-content").stream()
                .map(WebElement::getText)
                .filter(cell -> cell.contains(text))
                .findFirst()
                .orElse(null));
    }

    /**
     * One resolved alert on each deployment, the oldest on the first: fleet-0001's three days ago, fleet-1000's
     * 1,000 minutes later. The previous run's are replaced, so the counts hold on a reused database.
     */
    private void aResolvedAlertOnEachDeployment(SeededTenant fleet) {
        TenantScope scope = TenantScope.tenant(fleet.id());
        // writes each deployment's default rules, as opening its settings would
        for (int n = 1; n <= LargeFleet.SIZE; n++) {
            alerts.rules(scope, LargeFleet.AT_REST.slug(n));
        }
        Instant start = clock.instant().minus(Duration.ofDays(3));
        owner.jdbc()
                .update("delete from alert where tenant_id = ? and acknowledged_by = ?", fleet.id(), ACKNOWLEDGED_BY);
        owner.jdbc()
                .update(
                        """
                        insert into alert (tenant_id, deployment_id, rule_id, state, pending_since, fired_at,
                                           resolved_at, value, peak_value, silenced, acknowledged_by, acknowledged_at)
                        select r.tenant_id, r.deployment_id, r.id, 'RESOLVED',
                               ?::timestamptz + make_interval(mins => substr(d.slug, 7)::int),
                               ?::timestamptz + make_interval(mins => substr(d.slug, 7)::int),
                               ?::timestamptz + make_interval(mins => substr(d.slug, 7)::int + 5),
                               90, 95, false, ?, ?::timestamptz + make_interval(mins => substr(d.slug, 7)::int + 1)
                          from alert_rule r join deployment d on d.id = r.deployment_id
                         where r.tenant_id = ? and r.name = 'KV cache high'""",
                        Timestamp.from(start),
                        Timestamp.from(start),
                        Timestamp.from(start),
                        ACKNOWLEDGED_BY,
                        Timestamp.from(start),
                        fleet.id());
    }

    /** An audit event per deployment for the first {@value #AUDITED}, by an actor of this run's own. */
    private void anEventPerDeployment(SeededTenant fleet, String actor) {
        for (int n = 1; n <= AUDITED; n++) {
            audit.record(
                    AuditKind.DEPLOYMENT_CHANGED, fleet.id(), actor, null, LargeFleet.AT_REST.slug(n) + " reviewed");
        }
    }
}
