package dev.inferencemetrics.deployment.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.Component;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.security.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class DeploymentAdminViewTest extends SpringBrowserlessTest {

    @Autowired
    DeploymentService deployments;

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_adds_a_tenant_and_a_deployment_with_its_slos_and_prices() {
        String suffix = Long.toString(System.nanoTime(), 36);
        DeploymentAdminView view = navigate(DeploymentAdminView.class);
        test(view.tenantSlug).setValue("initech-" + suffix);
        test(view.tenantName).setValue("Initech " + suffix);
        test(view.addTenant).click();
        view.form.tenant.setValue(view.form
                .tenant
                .getListDataView()
                .getItems()
                .filter(t -> t.slug().equals("initech-" + suffix))
                .findFirst()
                .orElseThrow());
        test(view.form.slug).setValue("gpt-oss-" + suffix);
        test(view.form.displayName).setValue("GPT-OSS 120B");
        test(view.form.model).setValue("openai/gpt-oss-120b");
        test(view.form.engine).setValue("vLLM");
        test(view.form.region).setValue("eu-central-1");
        view.form.sloTtft.setValue(new BigDecimal("300"));
        view.form.priceOutput.setValue(new BigDecimal("0.60"));

        test(view.addDeployment).click();

        DeploymentRef created = deployments.require(TenantScope.allTenants(), "gpt-oss-" + suffix);
        assertThat(created.sloTtftP95Ms()).isEqualByComparingTo("300");
        assertThat(created.sloItlP95Ms()).isEqualByComparingTo("250");
        assertThat(created.priceOutputPerMtok()).isEqualByComparingTo("0.60");
        assertThat(view.message.getText()).contains("created");
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
}
