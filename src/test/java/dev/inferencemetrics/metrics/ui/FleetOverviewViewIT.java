package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridSortOrder;
import com.vaadin.flow.component.menubar.MenuBarTester;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.rollup.FleetRequestRollupStore;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.aopalliance.intercept.MethodInterceptor;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.Advised;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class FleetOverviewViewIT extends SpringBrowserlessTest {

    private static final List<String> ACME = List.of("llama-3-1-70b", "qwen3-coder", "sandbox");
    private static final List<String> GLOBEX = List.of("deepseek-v3-sglang", "llama-3-1-8b-nim");

    @Autowired
    TenantService tenants;

    @Autowired
    UserAccounts users;

    @Autowired
    DeploymentService deployments;

    @Autowired
    UserDetailsService userDetails;

    @Autowired
    ApplicationContext context;

    @Autowired
    FleetRequestRollupStore rollups;

    @BeforeEach
    void aTenantWithoutDeployments() {
        long quiet = tenants.createIfAbsent("quiet-labs", "Quiet Labs");
        users.createIfAbsent(quiet, "quiet-viewer", "Quinn Viewer", "demo", Role.TENANT_VIEWER);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_sees_every_tenants_deployments_with_a_tenant_column() {
        FleetOverviewView view = navigate(FleetOverviewView.class);

        assertThat(slugsIn(view.grid)).containsAll(ACME).containsAll(GLOBEX);
        assertThat(view.grid.getColumnByKey("tenant")).isNotNull();
        assertThat(tenantsIn(view.grid)).contains("Acme AI", "Globex Labs");
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_viewer_sees_only_their_tenants_deployments() {
        FleetOverviewView view = navigate(FleetOverviewView.class);

        assertThat(slugsIn(view.grid)).containsExactlyInAnyOrderElementsOf(ACME);
        assertThat(view.grid.getColumnByKey("tenant")).isNull();
        assertThat(rows(view.grid))
                .allSatisfy(row -> assertThat(row.costPerMtokOutput()).isNull());
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void goodput_and_cost_columns_are_hidden_until_chosen_and_a_link_that_names_them_shows_them() {
        FleetOverviewView plain = navigate(FleetOverviewView.class);
        plain.asCards(false);
        assertThat(plain.grid.getColumnByKey("goodput").isVisible()).isFalse();
        assertThat(plain.grid.getColumnByKey("cost").isVisible()).isFalse();

        UI.getCurrent().navigate(FleetOverviewView.class, QueryParameters.of("columns", "goodput,cost"));
        FleetOverviewView linked = (FleetOverviewView) getCurrentView();
        linked.asCards(false);
        assertThat(linked.grid.getColumnByKey("goodput").isVisible()).isTrue();
        assertThat(linked.grid.getColumnByKey("cost").isVisible()).isTrue();
        assertThat(linked.extraColumns.shown())
                .containsExactlyInAnyOrder(FleetExtraColumns.Extra.GOODPUT, FleetExtraColumns.Extra.COST);

        linked.asCards(true);
        assertThat(linked.grid.getColumnByKey("goodput").isVisible()).isFalse();
        linked.asCards(false);
        assertThat(linked.grid.getColumnByKey("goodput").isVisible()).isTrue();
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_viewer_can_add_goodput_but_is_offered_no_cost_column() {
        FleetOverviewView view = navigate(FleetOverviewView.class);
        view.asCards(false);
        assertThat(view.grid.getColumnByKey("cost")).isNull();

        new MenuBarTester<>(view.extraColumns.menu()).clickItem("Columns", "Goodput");

        assertThat(view.grid.getColumnByKey("goodput").isVisible()).isTrue();
        assertThat(view.extraColumns.shown()).containsExactly(FleetExtraColumns.Extra.GOODPUT);
    }

    @Test
    @WithUserDetails(value = "globex-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_sees_only_their_tenants_deployments() {
        FleetOverviewView view = navigate(FleetOverviewView.class);

        assertThat(slugsIn(view.grid)).containsExactlyInAnyOrderElementsOf(GLOBEX);
    }

    @Test
    @WithUserDetails(value = "quiet-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_without_deployments_gets_an_empty_state_that_says_what_to_do() {
        FleetOverviewView view = navigate(FleetOverviewView.class);

        assertThat(test(view.grid).size()).isZero();
        assertThat(view.grid.getEmptyStateText()).isEqualTo(FleetOverviewView.EMPTY_STATE);
    }

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void archived_deployments_are_hidden_until_an_operator_asks_to_see_them() {
        TestTenant tenant = TestTenant.create(context, "fleet-archived");
        String slug = tenant.deployment("retired");
        long operatorId = ((SignedInUser) userDetails.loadUserByUsername("operator")).userId();
        deployments.archive(TenantScope.allTenants(), operatorId, slug);
        FleetOverviewView view = navigate(FleetOverviewView.class);
        assertThat(slugsIn(view.grid)).doesNotContain(slug).containsAll(ACME);

        test(view.showArchived).click();

        assertThat(rows(view.grid))
                .filteredOn(row -> row.slug().equals(slug))
                .singleElement()
                .satisfies(row -> assertThat(row.archivedAt()).isNotNull());
        assertThat(slugsIn(view.grid)).containsAll(ACME);
    }

    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void tenant_users_are_not_offered_archived_deployments() {
        FleetOverviewView view = navigate(FleetOverviewView.class);

        assertThat(view.showArchived.isVisible()).isFalse();
    }

    /**
     * The grid asks for its size and its first page with the page, then — as its connector does in a browser — for
     * the pages around what it shows, one query per page; a new order or filter asks again. Each would read every
     * deployment's last hour to sort them: one read answers a page load, and one more each change. Counted at the
     * rollup store, where a fleet read reads the hour's totals.
     */
    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void opening_the_page_reads_the_fleet_once_and_a_new_order_or_filter_once_more() {
        TestTenant tenant = TestTenant.create(context, "fleet-pages");
        IntStream.range(0, 60).forEach(i -> tenant.deployment("d" + i));
        AtomicInteger reads = new AtomicInteger();
        MethodInterceptor counting = invocation -> {
            if (invocation.getMethod().getName().equals("mergeFleetTotalsInto")) {
                reads.incrementAndGet();
            }
            return invocation.proceed();
        };
        Advised store = (Advised) rollups;
        store.addAdvice(0, counting);
        try {
            FleetOverviewView view = navigate(FleetOverviewView.class);
            roundTrip();
            view.grid.getDataCommunicator().setViewportRange(0, 100);
            roundTrip();
            assertThat(reads).as("on opening").hasValue(1);

            view.grid.sort(GridSortOrder.desc(view.grid.getColumnByKey("name")).build());
            roundTrip();
            assertThat(reads).as("sorted by name").hasValue(2);

            view.filter.setValue(tenant.slug());
            roundTrip();
            assertThat(reads).as("filtered").hasValue(3);
            assertThat(slugsIn(view.grid))
                    .hasSize(60)
                    .startsWith(tenant.slug() + "-d59", tenant.slug() + "-d58")
                    .endsWith(tenant.slug() + "-d1", tenant.slug() + "-d0");
        } finally {
            store.removeAdvice(counting);
        }
    }

    /** A hidden column would still build a card for every row: wide screens have no card column at all. */
    @Test
    @WithUserDetails(value = "acme-viewer", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void only_a_phone_gets_the_card_column_and_then_only_the_cards_show() {
        FleetOverviewView view = navigate(FleetOverviewView.class);
        view.asCards(false);
        assertThat(view.grid.getColumnByKey("card")).isNull();

        view.asCards(true);
        assertThat(view.grid.getColumns().stream().filter(Grid.Column::isVisible))
                .extracting(Grid.Column::getKey)
                .containsExactly("card");
        assertThat(slugsIn(view.grid)).containsExactlyInAnyOrderElementsOf(ACME);

        view.asCards(false);
        assertThat(view.grid.getColumnByKey("card")).isNull();
        assertThat(view.grid.getColumnByKey("name").isVisible()).isTrue();
    }

    private List<String> slugsIn(Grid<FleetRow> grid) {
        return rows(grid).stream().map(FleetRow::slug).toList();
    }

    private List<String> tenantsIn(Grid<FleetRow> grid) {
        return rows(grid).stream().map(FleetRow::tenantName).distinct().toList();
    }

    private List<FleetRow> rows(Grid<FleetRow> grid) {
        var tester = test(grid);
        return IntStream.range(0, tester.size()).mapToObj(tester::getRow).toList();
    }
}
