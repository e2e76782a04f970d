package dev.inferencemetrics.scrape.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.tabs.TabSheet;
import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.audit.AuditQuery;
import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.pages.deployment.DeploymentView;
import dev.inferencemetrics.scrape.AllowListEntry;
import dev.inferencemetrics.scrape.AllowListService;
import dev.inferencemetrics.scrape.ScrapeProperties;
import dev.inferencemetrics.scrape.ScrapeRunner;
import dev.inferencemetrics.scrape.ScrapeTarget;
import dev.inferencemetrics.scrape.ScrapeTargetService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.ScrapeAllowList;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class ScrapeViewsIT extends SpringBrowserlessTest {

    @Autowired
    AllowListService allowList;

    @Autowired
    ScrapeTargetService targets;

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    AuditLog audit;

    @Autowired
    Clock clock;

    @Autowired
    ScrapeProperties properties;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    ScrapeRunner runner;

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_adds_a_network_to_the_allow_list_in_its_normal_form_and_the_change_is_audited() {
        AllowListView view = navigate("admin/scrape-allow-list", AllowListView.class);

        view.entry.setValue("10.77.0.9/16");
        view.add.click();
        view.entry.setValue("not a host!");
        view.add.click();

        assertThat(allowList.entries()).extracting(AllowListEntry::entry).contains("10.77.0.0/16");
        assertThat(view.message.getText()).startsWith("Not added: \"not a host!\" is neither a network");
        assertThat(audit
                        .search(
                                TenantScope.allTenants(),
                                new AuditQuery(
                                        clock.instant().minus(Duration.ofMinutes(5)),
                                        AuditKind.SCRAPE_ALLOW_LIST_CHANGED,
                                        null,
                                        null,
                                        100))
                        .stream()
                        .map(AuditEntry::detail))
                .contains("Added 10.77.0.0/16 to the scrape allow-list");
    }

    @Test
    void the_sources_tab_adds_a_target_inside_the_allow_list_shows_its_health_and_refuses_one_outside() {
        ScrapeAllowList.permitLoopback(allowList);
        long tenant = tenants.createIfAbsent("sources-labs", "Sources Labs");
        String slug = "sources-" + Long.toString(System.nanoTime(), 36);
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Sources", "m", "vLLM", "eu-1"));
        ScrapeTargetsPanel panel = new ScrapeTargetsPanel(targets, TenantScope.tenant(tenant), slug);

        panel.url.setValue("http://127.0.0.1:9/metrics");
        panel.replica.setValue("vllm-0");
        panel.token.setValue("hunter2-token");
        panel.add.click();
        panel.url.setValue("http://169.254.169.254/latest/meta-data");
        panel.add.click();

        List<ScrapeTarget> shown = panel.grid.getGenericDataView().getItems().toList();
        assertThat(shown)
                .extracting(ScrapeTarget::replica, ScrapeTarget::hasToken, ScrapeTarget::lastSuccessAt)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("vllm-0", true, null));
        assertThat(panel.message.getText())
                .isEqualTo("Not added: 169.254.169.254 is outside the scrape allow-list (for this tenant and port).");
    }

    @Test
    void the_sources_tab_says_when_the_tenant_has_as_many_targets_as_one_may_have() {
        ScrapeAllowList.permitLoopback(allowList);
        long tenant = tenants.createIfAbsent("sources-full", "Sources Full");
        String slug = "full-" + Long.toString(System.nanoTime(), 36);
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Full", "m", "vLLM", "eu-1"));
        owner.jdbc().update("""
                insert into scrape_target (tenant_id, deployment_id, url, replica, interval_s, timeout_s, created_at,
                                           next_scrape_at)
                select ?, d.id, 'http://127.0.0.1:9/metrics', 'r-' || n, 60, 5, now(), now() + interval '1 day'
                  from deployment d, generate_series(1, ?) n where d.slug = ?""", tenant, properties.maxTargetsPerTenant(), slug);
        ScrapeTargetsPanel panel = new ScrapeTargetsPanel(targets, TenantScope.tenant(tenant), slug);

        panel.url.setValue("http://127.0.0.1:9/metrics");
        panel.replica.setValue("one-more");
        panel.add.click();
        owner.jdbc().update("delete from scrape_target where tenant_id = ?", tenant);

        assertThat(panel.message.getText())
                .isEqualTo("Not added: the tenant already has " + properties.maxTargetsPerTenant()
                        + " scrape targets, the most one tenant may have (an operator sets"
                        + " inference-metrics.scrape.max-targets-per-tenant).");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void after_a_successful_scrape_the_sources_tab_shows_the_last_success_and_the_series_read_on_its_next_visit()
            throws IOException {
        ScrapeAllowList.permitLoopback(allowList);
        long tenant = tenants.createIfAbsent("sources-labs", "Sources Labs");
        String slug = "sources-" + Long.toString(System.nanoTime(), 36);
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, "Sources", "m", "vLLM", "eu-1"));
        HttpServer engine = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        byte[] scrape = Files.readAllBytes(Path.of("src/test/resources/engine-metrics/vllm-v1-two-engines.txt"));
        engine.createContext("/metrics", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/plain; version=0.0.4");
            exchange.sendResponseHeaders(200, scrape.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(scrape);
            }
        });
        engine.start();
        try {
            DeploymentView view = navigate("deployments/" + slug, DeploymentView.class);
            TabSheet tabs = $(TabSheet.class).single();
            tabs.setSelectedIndex(tabIndex(tabs, "Sources"));
            ScrapeTargetsPanel panel = $(ScrapeTargetsPanel.class).single();
            panel.url.setValue("http://127.0.0.1:" + engine.getAddress().getPort() + "/metrics");
            panel.replica.setValue("vllm-0");
            panel.add.click();
            assertThat(test(panel.grid).getCellText(0, column(panel, "Last success")))
                    .isEqualTo("never");

            assertThat(runner.scrapeDueNow()).isPositive();
            tabs.setSelectedIndex(tabIndex(tabs, "Metrics"));
            tabs.setSelectedIndex(tabIndex(tabs, "Sources"));

            ScrapeTarget scraped =
                    targets.targets(TenantScope.tenant(tenant), slug).getFirst();
            assertThat(scraped.seriesRead()).isPositive();
            assertThat(test(panel.grid).getCellText(0, column(panel, "Last success")))
                    .isEqualTo(PageTimeZone.of(UI.getCurrent()).format(scraped.lastSuccessAt()));
            assertThat(test(panel.grid).getCellText(0, column(panel, "Series read")))
                    .isEqualTo(NumberRules.COUNT.format(scraped.seriesRead().doubleValue()));
            assertThat(view.isAttached()).isTrue();
        } finally {
            engine.stop(0);
        }
    }

    private static int tabIndex(TabSheet tabs, String label) {
        return IntStream.range(0, tabs.getTabCount())
                .filter(i -> tabs.getTabAt(i).getLabel().equals(label))
                .findFirst()
                .orElseThrow();
    }

    private static int column(ScrapeTargetsPanel panel, String header) {
        List<Grid.Column<ScrapeTarget>> columns = panel.grid.getColumns();
        return IntStream.range(0, columns.size())
                .filter(i -> header.equals(columns.get(i).getHeaderText()))
                .findFirst()
                .orElseThrow();
    }
}
