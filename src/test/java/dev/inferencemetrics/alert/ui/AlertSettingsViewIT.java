package dev.inferencemetrics.alert.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.page.ExtendedClientDetails;
import com.vaadin.flow.component.tabs.TabSheet;
import dev.inferencemetrics.alert.AlertRule;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.Silence;
import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.audit.AuditQuery;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.pages.deployment.DeploymentView;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.slo.ui.ObjectivesForm;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.SeededTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

/** The deployment page's "SLOs and alerts" tab: objectives, rules and silences edited in place, refused in words. */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class AlertSettingsViewIT extends SpringBrowserlessTest {

    @Autowired
    ApplicationContext context;

    private static final String SLUG = "alert-settings-under-test";
    private static final String TAB = "SLOs and alerts";

    @Autowired
    SloService slos;

    @Autowired
    AlertService alerts;

    @Autowired
    AuditLog audit;

    @Autowired
    Clock clock;

    long tenant;

    @BeforeEach
    void aTenantWithAnAdminAViewerAndADeployment() {
        SeededTenant seeded = SeededTenant.of(context, "alert-settings-labs", "Alert Settings Labs")
                .withUser("settings-admin", "Sam Admin", Role.TENANT_ADMIN)
                .withUser("settings-viewer", "Val Viewer", Role.TENANT_VIEWER);
        seeded.addDeployment(SLUG, "Settings");
        tenant = seeded.id();
    }

    @Test
    @WithUserDetails(value = "settings-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_viewer_gets_no_settings_tab() {
        DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);

        assertThat(tabLabels(tabs(view))).doesNotContain(TAB);
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void another_tenants_admin_cannot_open_the_deployment_or_its_settings() {
        navigate("deployments/" + SLUG, com.vaadin.flow.component.Component.class);

        assertThat($(ObjectivesForm.class).exists()).isFalse();
        assertThat($(RulesEditor.class).exists()).isFalse();
    }

    @Test
    @WithUserDetails(value = "settings-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_sets_an_objective_and_a_refused_value_is_explained_in_words() {
        ObjectivesForm form = openTab().objectives;
        ObjectivesForm.Line e2e = form.lines.get(SloKind.E2E);

        e2e.targetPct.setValue(120.0);
        e2e.thresholdMs.setValue(2000.0);
        e2e.save.click();
        String refused = form.message.getText();
        e2e.thresholdMs.clear();
        e2e.targetPct.setValue(99.5);
        e2e.save.click();
        String missing = form.message.getText();
        e2e.enabled.setValue(true);
        e2e.thresholdMs.setValue(2000.0);
        e2e.save.click();

        assertThat(refused).isEqualTo("Not saved: target must lie between 0 and 100 %, exclusive: 120.0.");
        assertThat(missing).isEqualTo("Not saved: E2E needs a threshold in milliseconds.");
        assertThat(form.message.getText()).isEqualTo("Saved: 99.5 % of requests with E2E ≤ 2000 ms.");
        assertThat(slos.objectives(TenantScope.tenant(tenant), SLUG))
                .contains(new SloObjective(SloKind.E2E, 99.5, 2000.0, true));
        assertThat(audited(AuditKind.SLO_CHANGED)).contains(SLUG + ": 99.5 % of requests with E2E ≤ 2000 ms");
    }

    @Test
    @WithUserDetails(value = "settings-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_sets_a_goodput_objective_which_takes_no_threshold_and_gets_its_burn_rules() {
        ObjectivesForm form = openTab().objectives;
        ObjectivesForm.Line goodput = form.lines.get(SloKind.GOODPUT);

        assertThat(goodput.thresholdMs.isVisible()).isFalse();
        goodput.targetPct.setValue(90.0);
        goodput.enabled.setValue(true);
        goodput.save.click();

        assertThat(form.message.getText()).isEqualTo("Saved: 90 % of requests good by the goodput SLO.");
        assertThat(slos.objectives(TenantScope.tenant(tenant), SLUG))
                .contains(new SloObjective(SloKind.GOODPUT, 90, null, true));
        assertThat(audited(AuditKind.SLO_CHANGED)).contains(SLUG + ": 90 % of requests good by the goodput SLO");
        Tab reopened = openTab();
        assertThat(reopened.objectives().lines.get(SloKind.GOODPUT).targetPct.getValue())
                .isEqualTo(90.0);
        assertThat(reopened.rules().grid.getGenericDataView().getItems().map(AlertRule::name))
                .contains("Goodput sudden burn", "Goodput fast burn", "Goodput slow burn", "Goodput budget burn");
    }

    @Test
    @WithUserDetails(value = "settings-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_concurrency_rule_says_why_it_cannot_fire_on_a_deployment_without_traffic() {
        RulesEditor editor = openTab().rules;

        assertThat(rule(editor, "Requests in flight past scaling point").condition())
                .isEqualTo("in flight ≥ 100 % of the scaling point over 10 min");
        assertThat(editor.scalingPoint.getText())
                .startsWith("Scaling point: No knee found, so this rule does not fire: Too little traffic");
    }

    @Test
    @WithUserDetails(value = "settings-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_changes_a_rules_threshold_for_duration_and_switch_and_bad_values_are_refused() {
        RulesEditor editor = openTab().rules;
        AlertRule kv = rule(editor, "KV cache high");

        editor.grid.select(kv);
        editor.threshold.setValue(80.0);
        editor.clearBelow.setValue(95.0);
        editor.save.click();
        String refused = editor.message.getText();
        editor.clearBelow.setValue(70.0);
        editor.forMinutes.setValue(15);
        editor.enabled.setValue(false);
        editor.save.click();

        assertThat(refused).isEqualTo("Not saved: clear-below must be positive and at most the threshold.");
        assertThat(editor.message.getText())
                .isEqualTo("Saved KV cache high: KV mean ≥ 80 % over 5 min, clears below 70 (off).");
        AlertRule stored = alerts.rules(TenantScope.tenant(tenant), SLUG).stream()
                .filter(r -> r.id() == kv.id())
                .findFirst()
                .orElseThrow();
        assertThat(stored.threshold()).isEqualTo(80);
        assertThat(stored.clearBelow()).isEqualTo(70);
        assertThat(stored.forDuration()).isEqualTo(Duration.ofMinutes(15));
        assertThat(stored.enabled()).isFalse();
        assertThat(audited(AuditKind.ALERT_RULE_CHANGED)).anyMatch(detail -> detail.startsWith(SLUG + ", KV cache"));
    }

    @Test
    @WithUserDetails(value = "settings-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_silences_one_rule_until_a_time_then_ends_it_early() {
        SilencesPanel panel = openTab().silences;
        AlertRule fastBurn = panel.rule
                .getListDataView()
                .getItems()
                .filter(r -> r.name().equals("TTFT fast burn"))
                .findFirst()
                .orElseThrow();
        LocalDateTime now =
                LocalDateTime.ofInstant(clock.instant(), ZoneOffset.UTC).truncatedTo(ChronoUnit.MINUTES);

        panel.endsAt.setValue(now.plusDays(40));
        panel.reason.setValue("Planned maintenance");
        panel.add.click();
        String tooLong = panel.message.getText();
        panel.endsAt.setValue(now.plusHours(3));
        panel.reason.setValue("   ");
        panel.add.click();
        String noReason = panel.message.getText();
        panel.rule.setValue(fastBurn);
        panel.reason.setValue("Planned maintenance");
        panel.add.click();

        assertThat(tooLong).isEqualTo("Not added: a silence must end in the future, within 30 days.");
        assertThat(noReason).isEqualTo("Not added: a silence needs a reason of 1 to 500 characters.");
        List<Silence> shown = panel.grid.getGenericDataView().getItems().toList();
        assertThat(shown)
                .extracting(Silence::ruleId, Silence::reason)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(fastBurn.id(), "Planned maintenance"));

        endFirst(panel);

        assertThat(panel.grid.getGenericDataView().getItems()).isEmpty();
        assertThat(alerts.silences(TenantScope.tenant(tenant), SLUG)).isEmpty();
        assertThat(audited(AuditKind.ALERT_SILENCED))
                .contains(SLUG + ", rule " + fastBurn.id() + " until "
                        + now.plusHours(3).toInstant(ZoneOffset.UTC) + ": Planned maintenance");
    }

    @Test
    @WithUserDetails(value = "settings-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_viewer_in_berlin_enters_and_reads_a_silences_times_in_their_own_zone() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        UI.getCurrent().getInternals().setExtendedClientDetails(browserIn(berlin));
        SilencesPanel panel = openTab().silences;
        LocalDateTime inBerlin =
                LocalDateTime.ofInstant(clock.instant(), berlin).truncatedTo(ChronoUnit.MINUTES);
        Instant end = inBerlin.plusHours(3).atZone(berlin).toInstant();

        panel.endsAt.setValue(inBerlin.plusHours(3));
        panel.reason.setValue("Rack move");
        panel.add.click();

        assertThat(panel.endsAt.getLabel()).isEqualTo("Ends at (Europe/Berlin)");
        assertThat(alerts.silences(TenantScope.tenant(tenant), SLUG))
                .extracting(Silence::endsAt)
                .containsExactly(end);
        String until = new PageTimeZone(berlin, false).format(end);
        assertThat(test(panel.grid).getCellText(0, 1)).isEqualTo(until).endsWith(" Europe/Berlin");
        assertThat(panel.message.getText()).isEqualTo("Silenced every rule until " + until + ".");
        endFirst(panel);
    }

    /** What a browser in this zone reports of itself when the page opens; only the zone matters here. */
    private static ExtendedClientDetails browserIn(ZoneId zone) {
        return new ExtendedClientDetails(
                UI.getCurrent(),
                "1440",
                "900",
                "1440",
                "900",
                "1440",
                "900",
                "0",
                "0",
                "0",
                "false",
                zone.getId(),
                "0",
                "false",
                "1",
                null,
                "Linux x86_64",
                null,
                null);
    }

    private void endFirst(SilencesPanel panel) {
        com.vaadin.flow.component.button.Button end = (com.vaadin.flow.component.button.Button)
                test(panel.grid).getCellComponent(0, panel.grid.getColumns().size() - 1);
        test(end).click();
    }

    private record Tab(ObjectivesForm objectives, RulesEditor rules, SilencesPanel silences) {}

    private Tab openTab() {
        DeploymentView view = navigate("deployments/" + SLUG, DeploymentView.class);
        TabSheet tabs = tabs(view);
        tabs.setSelectedIndex(tabLabels(tabs).indexOf(TAB));
        return new Tab(
                $(ObjectivesForm.class).single(),
                $(RulesEditor.class).single(),
                $(SilencesPanel.class).single());
    }

    private static AlertRule rule(RulesEditor editor, String name) {
        return editor.grid
                .getGenericDataView()
                .getItems()
                .filter(r -> r.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    private List<String> audited(AuditKind kind) {
        return audit
                .search(
                        TenantScope.allTenants(),
                        new AuditQuery(clock.instant().minus(Duration.ofMinutes(5)), kind, tenant, null, 100))
                .stream()
                .map(AuditEntry::detail)
                .toList();
    }

    private static TabSheet tabs(DeploymentView view) {
        return view.getChildren()
                .filter(TabSheet.class::isInstance)
                .map(TabSheet.class::cast)
                .findFirst()
                .orElseThrow();
    }

    private static List<String> tabLabels(TabSheet tabs) {
        List<String> labels = new ArrayList<>();
        IntStream.range(0, tabs.getTabCount())
                .forEach(i -> labels.add(tabs.getTabAt(i).getLabel()));
        return labels;
    }
}
