package dev.inferencemetrics.pages;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import dev.inferencemetrics.audit.AuditEntry;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.pages.deployment.DeploymentView;
import dev.inferencemetrics.testing.IntegrationTest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class AuditViewIT extends SpringBrowserlessTest {

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_opening_a_tenants_deployment_finds_that_access_in_the_log() {
        navigate("deployments/qwen3-coder", DeploymentView.class);

        AuditView view = navigate(AuditView.class);
        view.kind.setValue(AuditKind.CROSS_TENANT_ACCESS);
        view.actor.setValue("operator");

        List<AuditEntry> shown = test(view.entries).size() == 0 ? List.of() : rows(view);
        assertThat(shown).anySatisfy(entry -> {
            assertThat(entry.detail()).isEqualTo("Deployment qwen3-coder");
            assertThat(entry.tenant()).isEqualTo("acme");
        });
        assertThat(shown).allSatisfy(entry -> assertThat(entry.kind()).isEqualTo(AuditKind.CROSS_TENANT_ACCESS));
    }

    @Test
    @WithUserDetails(value = "acme-admin", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void a_tenant_admin_cannot_open_the_audit_log() {
        navigate("admin/audit", Component.class);

        assertThat(getCurrentView()).isNotInstanceOf(AuditView.class);
    }

    private List<AuditEntry> rows(AuditView view) {
        var grid = test(view.entries);
        return java.util.stream.IntStream.range(0, grid.size())
                .mapToObj(grid::getRow)
                .toList();
    }
}
