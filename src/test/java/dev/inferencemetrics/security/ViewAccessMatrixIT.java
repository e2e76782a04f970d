package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.sidenav.SideNavItem;
import dev.inferencemetrics.alert.ui.AlertsView;
import dev.inferencemetrics.apikey.ui.ApiKeysView;
import dev.inferencemetrics.apikey.ui.OperatorKeysView;
import dev.inferencemetrics.billing.ui.PricesView;
import dev.inferencemetrics.billing.ui.UsageView;
import dev.inferencemetrics.compare.ui.CompareView;
import dev.inferencemetrics.deployment.ui.DeploymentAdminView;
import dev.inferencemetrics.metrics.ui.FleetOverviewView;
import dev.inferencemetrics.pages.AuditView;
import dev.inferencemetrics.pages.deployment.DeploymentView;
import dev.inferencemetrics.scrape.ui.AllowListView;
import dev.inferencemetrics.security.ui.AccountView;
import dev.inferencemetrics.security.ui.OperatorsView;
import dev.inferencemetrics.security.ui.UsersView;
import dev.inferencemetrics.testing.IntegrationTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;

/**
 * Every role against every page of the web UI, through Vaadin's real navigation and access control: who reaches
 * which page, and a deployment page of one's own tenant versus another's. Acme's deployment is qwen3-coder; Globex's
 * admin must not reach it.
 */
@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class ViewAccessMatrixIT extends SpringBrowserlessTest {

    private static final String ACME_DEPLOYMENT = "deployments/qwen3-coder";
    /** Without parameters: it offers the deployments the user may see; CompareViewIT covers another tenant's. */
    private static final String COMPARE = "compare";

    private static final Map<String, Class<? extends Component>> PAGES = Map.ofEntries(
            Map.entry("", FleetOverviewView.class),
            Map.entry(ACME_DEPLOYMENT, DeploymentView.class),
            Map.entry(COMPARE, CompareView.class),
            Map.entry("usage", UsageView.class),
            Map.entry("alerts", AlertsView.class),
            Map.entry("api-keys", ApiKeysView.class),
            Map.entry("users", UsersView.class),
            Map.entry("admin/deployments", DeploymentAdminView.class),
            Map.entry("admin/prices", PricesView.class),
            Map.entry("admin/audit", AuditView.class),
            Map.entry("account", AccountView.class),
            Map.entry("admin/operators", OperatorsView.class),
            Map.entry("admin/operator-keys", OperatorKeysView.class),
            Map.entry("admin/scrape-allow-list", AllowListView.class));

    /** The pages each user reaches; every other page is refused. */
    private static final Map<String, Set<String>> REACHES = Map.of(
            "operator", PAGES.keySet(),
            "acme-admin", Set.of("", ACME_DEPLOYMENT, COMPARE, "usage", "alerts", "api-keys", "users", "account"),
            "acme-viewer", Set.of("", ACME_DEPLOYMENT, COMPARE, "usage", "alerts", "account"),
            "globex-admin", Set.of("", COMPARE, "usage", "alerts", "api-keys", "users", "account"));

    @Autowired
    UserDetailsService userDetails;

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    static Stream<Arguments> matrix() {
        List<Arguments> cases = new ArrayList<>();
        for (String user : REACHES.keySet()) {
            for (String page : PAGES.keySet()) {
                cases.add(Arguments.of(user, page, REACHES.get(user).contains(page)));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} opens /{1}: {2}")
    @MethodSource("matrix")
    void each_role_reaches_exactly_its_pages_and_only_its_own_tenants_deployments(
            String username, String page, boolean reaches) {
        signIn(username);

        navigate(page, Component.class);

        if (reaches) {
            assertThat(getCurrentView()).isInstanceOf(PAGES.get(page));
        } else {
            assertThat(getCurrentView()).isNotInstanceOf(PAGES.get(page));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"operator", "acme-admin", "acme-viewer", "globex-admin"})
    void the_menu_lists_exactly_the_pages_each_role_reaches(String username) {
        signIn(username);

        navigate("account", AccountView.class);

        Set<String> menu = $(SideNavItem.class).all().stream()
                .map(SideNavItem::getPath)
                .map(path -> path.replaceFirst("^/", ""))
                .collect(Collectors.toSet());
        Set<String> expected = new HashSet<>(REACHES.get(username));
        expected.remove(ACME_DEPLOYMENT);
        expected.remove(COMPARE);
        assertThat(menu).isEqualTo(expected);
    }

    private void signIn(String username) {
        UserDetails user = userDetails.loadUserByUsername(username);
        SecurityContextHolder.getContext()
                .setAuthentication(
                        UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
    }
}
