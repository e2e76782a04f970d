package dev.inferencemetrics.deployment.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.router.RouterLink;
import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.audit.AuditQuery;
import dev.inferencemetrics.billing.PriceService;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.deployment.SloPreset;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.BrowserRequests;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.LargeFleet;
import dev.inferencemetrics.testing.TestTenant;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class DeploymentAdminViewIT extends SpringBrowserlessTest {

    @Autowired
    PriceService prices;

    @Autowired
    DeploymentService deployments;

    @Autowired
    TenantService tenants;

    @Autowired
    SloService slos;

    @Autowired
    ApplicationContext context;

    @Autowired
    Clock clock;

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_adds_a_tenant_and_a_deployment_with_its_slos_and_prices() {
        String suffix = Long.toString(System.nanoTime(), 36);
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        test(view.tenants.newSlug).setValue("initech-" + suffix);
        test(view.tenants.newName).setValue("Initech " + suffix);
        test(view.tenants.add).click();
        test(view.form.tenant).setFilter("Initech " + suffix);
        test(view.form.tenant).selectItem("Initech " + suffix);
        test(view.form.slug).setValue("gpt-oss-" + suffix);
        test(view.form.settings.displayName).setValue("GPT-OSS 120B");
        test(view.form.settings.model).setValue("openai/gpt-oss-120b");
        test(view.form.settings.engine).setValue("vLLM");
        test(view.form.settings.region).setValue("eu-central-1");
        view.form.settings.sloTtft.setValue(new BigDecimal("300"));
        view.form.settings.sloErrorRate.setValue(new BigDecimal("0.5"));
        view.form.priceOutput.setValue(new BigDecimal("0.60"));

        test(view.addDeployment).click();

        DeploymentRef created = deployments.require(TenantScope.allTenants(), "gpt-oss-" + suffix);
        assertThat(created.sloTtftP95Ms()).isEqualByComparingTo("300");
        assertThat(created.sloItlP95Ms()).isEqualByComparingTo("250");
        assertThat(created.sloErrorRatePct()).isEqualByComparingTo("0.5");
        assertThat(prices.current(TenantScope.allTenants(), created.slug()).outputPerMtok())
                .isEqualByComparingTo("0.60");
        assertThat(view.message.getText()).contains("created");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_preset_fills_the_thresholds_the_operator_may_change_and_saving_holds_the_objectives_at_99_percent() {
        TestTenant tenant = TestTenant.create(context, "admin-view-preset");
        String slug = tenant.deployment("preset");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, slug);

        test(view.editor.settings.preset).selectItem(SloPreset.INLINE_CODE_COMPLETION.describe());
        BigDecimal filledTtft = view.editor.settings.sloTtft.getValue();
        BigDecimal filledItl = view.editor.settings.sloItl.getValue();
        view.editor.settings.sloItl.setValue(new BigDecimal("28"));
        test(view.editor.save).click();

        assertThat(filledTtft).isEqualByComparingTo("100");
        assertThat(filledItl).isEqualByComparingTo("25");
        DeploymentRef saved = deployments.require(TenantScope.allTenants(), slug);
        assertThat(saved.sloTtftP95Ms()).isEqualByComparingTo("100");
        assertThat(saved.sloItlP95Ms()).isEqualByComparingTo("28");
        assertThat(slos.objectives(TenantScope.allTenants(), slug))
                .filteredOn(objective -> objective.kind() != SloKind.AVAILABILITY)
                .extracting(SloObjective::kind, SloObjective::targetPct, SloObjective::thresholdMs)
                .containsExactly(tuple(SloKind.TTFT, 99.0, 100.0), tuple(SloKind.ITL, 99.0, 28.0));
        assertThat(view.editor.message.getText()).contains("99 %").contains("Inline code completion");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_bad_slug_is_explained_and_nothing_is_created() {
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        test(view.form.slug).setValue("Not A Slug");

        test(view.addDeployment).click();

        assertThat(view.message.getText()).contains("lower-case letters");
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void tenant_users_cannot_open_the_admin_page() {
        navigate("admin/deployments", Component.class);

        assertThat(getCurrentView()).isNotInstanceOf(DeploymentAdminView.class);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_changes_a_deployments_slos_and_they_are_saved_and_audited() {
        TestTenant tenant = TestTenant.create(context, "admin-view-slo");
        String slug = tenant.deployment("slo");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, slug);

        view.editor.settings.sloTtft.setValue(new BigDecimal("350"));
        view.editor.settings.sloItl.setValue(new BigDecimal("42.5"));
        view.editor.settings.sloErrorRate.setValue(new BigDecimal("2.5"));
        test(view.editor.settings.displayName).setValue("Faster one");
        test(view.editor.save).click();

        DeploymentRef saved = deployments.require(TenantScope.allTenants(), slug);
        assertThat(saved.sloTtftP95Ms()).isEqualByComparingTo("350");
        assertThat(saved.sloItlP95Ms()).isEqualByComparingTo("42.5");
        assertThat(saved.sloErrorRatePct()).isEqualByComparingTo("2.5");
        assertThat(saved.displayName()).isEqualTo("Faster one");
        assertThat(view.editor.message.getText()).isEqualTo("Saved.");
        assertThat(deploymentChanges(tenant))
                .singleElement()
                .extracting(AuditEntry::detail)
                .asString()
                .contains("sloErrorRatePct=1.000")
                .contains("sloErrorRatePct=2.5]");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_lists_trace_service_and_model_names_and_a_taken_name_is_refused() {
        TestTenant tenant = TestTenant.create(context, "admin-view-otlp");
        String first = tenant.deployment("first");
        String second = tenant.deployment("second");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, first);

        test(view.editor.traceRouting.serviceNames).setValue("vllm-a, vllm-b\n");
        test(view.editor.traceRouting.modelNames).setValue("Qwen/Qwen3-8B");
        test(view.editor.traceRouting.save).click();
        select(view, second);
        test(view.editor.traceRouting.serviceNames).setValue("vllm-b");
        test(view.editor.traceRouting.save).click();

        DeploymentOtlpNames names = context.getBean(DeploymentOtlpNames.class);
        assertThat(names.of(TenantScope.allTenants(), first))
                .isEqualTo(new OtlpNames(List.of("vllm-a", "vllm-b"), List.of("Qwen/Qwen3-8B")));
        assertThat(view.editor.traceRouting.message.getText())
                .isEqualTo("The service name vllm-b already belongs to deployment " + first + ".");
        assertThat(names.of(TenantScope.allTenants(), second).serviceNames()).isEmpty();
        assertThat(deploymentChanges(tenant))
                .extracting(AuditEntry::detail)
                .containsExactly("Deployment id "
                        + deployments.require(TenantScope.allTenants(), first).id()
                        + " trace routing: service names [], model names [] → service names [vllm-a, vllm-b],"
                        + " model names [Qwen/Qwen3-8B]");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_makes_a_deployment_rollups_only_and_zero_hours_are_refused() {
        TestTenant tenant = TestTenant.create(context, "admin-view-raw");
        String slug = tenant.deployment("busy");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, slug);
        DeploymentRawRetention retention = context.getBean(DeploymentRawRetention.class);

        // the field's own minimum stops this in a browser; the service refuses it all the same
        view.editor.rawRetention.hours.setValue(0);
        test(view.editor.rawRetention.save).click();
        String refused = view.editor.rawRetention.message.getText();
        test(view.editor.rawRetention.hours).setValue(6);
        test(view.editor.rawRetention.save).click();

        assertThat(refused).startsWith("Not saved: raw samples are kept between 1 and 8760 hours");
        assertThat(retention.of(TenantScope.allTenants(), slug)).contains(Duration.ofHours(6));
        assertThat(view.editor.rawRetention.message.getText())
                .isEqualTo("Raw requests are kept 6 h; older ones go within the hour.");
        assertThat(deploymentChanges(tenant))
                .extracting(AuditEntry::detail)
                .containsExactly("Deployment " + slug + " raw samples kept: the global retention → 6 h");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_zero_slo_is_explained_and_nothing_is_saved() {
        String slug = TestTenant.create(context, "admin-view-zero").deployment("zero");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, slug);

        view.editor.settings.sloItl.setValue(BigDecimal.ZERO);
        test(view.editor.save).click();

        assertThat(view.editor.message.getText()).isEqualTo("SLO: ITL p95 must be a positive number of milliseconds.");
        assertThat(deployments.require(TenantScope.allTenants(), slug).sloItlP95Ms())
                .isEqualByComparingTo("250");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_error_rate_slo_above_100_percent_is_explained_and_nothing_is_saved() {
        String slug = TestTenant.create(context, "admin-view-rate").deployment("rate");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, slug);

        assertThat(view.editor.settings.sloErrorRate.getValue()).isEqualByComparingTo("1");
        view.editor.settings.sloErrorRate.setValue(new BigDecimal("150"));
        test(view.editor.save).click();

        assertThat(view.editor.message.getText()).isEqualTo("SLO: error rate must be above 0 % and at most 100 %.");
        assertThat(deployments.require(TenantScope.allTenants(), slug).sloErrorRatePct())
                .isEqualByComparingTo("1");
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void the_editor_sends_price_changes_to_the_prices_page_for_that_deployment() {
        String slug = TestTenant.create(context, "admin-view-price").deployment("priced");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, slug);

        assertThat(view.editor.links.getChildren().map(link -> ((RouterLink) link).getHref()))
                .containsExactly("admin/prices?deployment=" + slug);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_archives_a_deployment_which_leaves_the_list_and_restores_it() {
        String slug = TestTenant.create(context, "admin-view-archive").deployment("archived");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        select(view, slug);

        test(view.editor.archive).click();
        assertThat(deployments.require(TenantScope.allTenants(), slug).active()).isTrue();
        test($(ConfirmDialog.class).last()).confirm();

        assertThat(deployments.require(TenantScope.allTenants(), slug).archivedAt())
                .isNotNull();
        assertThat(view.editor.state.getText()).startsWith("Archived on ");
        assertThat(listed(view, slug)).isEmpty();

        test(view.showArchived).click();
        select(view, slug);
        test(view.editor.restore).click();

        assertThat(deployments.require(TenantScope.allTenants(), slug).active()).isTrue();
        test(view.showArchived).click();
        assertThat(listed(view, slug)).isPresent();
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_renames_archives_and_restores_a_tenant() {
        TestTenant tenant = TestTenant.create(context, "admin-view-tenant");
        String slug = tenant.deployment("of-tenant");
        DeploymentAdminView view = navigate(DeploymentAdminView.class);

        selectTenant(view, tenant);
        test(view.tenants.name).setValue("Renamed Tenant " + tenant.id());
        test(view.tenants.rename).click();
        selectTenant(view, tenant);
        test(view.tenants.archive).click();
        test($(ConfirmDialog.class).last()).confirm();

        assertThat(tenantNamed(tenant.id(), true)).isEqualTo("Renamed Tenant " + tenant.id());
        assertThat(tenants.visibleTo(TenantScope.allTenants())).noneMatch(t -> t.id() == tenant.id());
        assertThat(listed(view, slug)).isEmpty();
        assertThat(deployments.require(TenantScope.allTenants(), slug).active()).isFalse();

        test(view.tenants.showArchived).click();
        selectTenant(view, tenant);
        test(view.tenants.restore).click();

        assertThat(tenants.visibleTo(TenantScope.allTenants())).anyMatch(t -> t.id() == tenant.id());
        assertThat(listed(view, slug)).isPresent();
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void among_1000_deployments_of_a_tenant_an_operator_finds_one_by_name() {
        LargeFleet.AT_REST.seed(context, LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC));
        DeploymentAdminView view = navigate(DeploymentAdminView.class);

        BrowserRequests.firstDraw(view.deployments);
        assertThat(view.deployments.isAllRowsVisible()).isFalse();
        assertThat(test(view.deployments).size()).isGreaterThanOrEqualTo(LargeFleet.SIZE);

        test(view.filter).setValue("model 0737");

        // other tests' fleets may hold a model 0737 too: every row found matches, and the large fleet's is among them
        var found = test(view.deployments);
        assertThat(found.size()).isBetween(1, 20);
        var rows = java.util.stream.IntStream.range(0, found.size())
                .mapToObj(row -> found.getCellText(row, 0) + " | " + found.getCellText(row, 2))
                .toList();
        assertThat(rows).allSatisfy(row -> assertThat(row).contains("0737"));
        assertThat(rows).contains(LargeFleet.AT_REST.name(737) + " | Large Fleet");
    }

    private String tenantNamed(long id, boolean includeArchived) {
        return tenants.visibleTo(TenantScope.allTenants(), includeArchived).stream()
                .filter(t -> t.id() == id)
                .findFirst()
                .orElseThrow()
                .name();
    }

    private static void select(DeploymentAdminView view, String slug) {
        view.deployments.asSingleSelect().setValue(listed(view, slug).orElseThrow());
    }

    /** Selects the tenant as an operator would: its slug typed into the tenants' filter, then its row. */
    private static void selectTenant(DeploymentAdminView view, TestTenant tenant) {
        view.tenants.filter.setValue(tenant.slug());
        view.tenants
                .grid
                .asSingleSelect()
                .setValue(view.tenants
                        .grid
                        .getGenericDataView()
                        .getItems()
                        .filter(t -> t.id() == tenant.id())
                        .findFirst()
                        .orElseThrow());
    }

    /** The deployment with this slug, if the list shows it once filtered by the slug. */
    private static Optional<DeploymentListItem> listed(DeploymentAdminView view, String slug) {
        view.filter.setValue(slug);
        return view.deployments
                .getGenericDataView()
                .getItems()
                .filter(d -> d.slug().equals(slug))
                .findFirst();
    }

    private List<AuditEntry> deploymentChanges(TestTenant tenant) {
        return context.getBean(AuditLog.class)
                .search(
                        TenantScope.allTenants(),
                        new AuditQuery(Instant.EPOCH, AuditKind.DEPLOYMENT_CHANGED, tenant.id(), null, 10));
    }
}
