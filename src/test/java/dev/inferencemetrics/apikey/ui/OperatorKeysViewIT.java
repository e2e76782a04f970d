package dev.inferencemetrics.apikey.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.test.context.support.TestExecutionEvent;
import org.springframework.security.test.context.support.WithUserDetails;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class OperatorKeysViewIT extends SpringBrowserlessTest {

    @Autowired
    ApiKeyService apiKeys;

    @Test
    @WithUserDetails(value = "operator", setupBefore = TestExecutionEvent.TEST_EXECUTION)
    void an_operator_creates_an_admin_key_for_every_tenant_and_revokes_it() {
        OperatorKeysView view = navigate(OperatorKeysView.class);
        test(view.name).setValue("terraform " + System.nanoTime());

        test(view.create).click();

        String plaintext = $(NewKeyDialog.class).single().key.getText();
        ApiClient client = apiKeys.authenticate(plaintext).orElseThrow();
        assertThat(client.scope()).isEqualTo(TenantScope.allTenants());
        assertThat(client.scopes()).containsExactly(ApiScope.ADMIN);
        assertThat(client.operatorUserId()).isNotNull();
        var listed = test(view.keys);
        int row = -1;
        for (int i = 0; i < listed.size(); i++) {
            if (listed.getRow(i).id() == client.keyId()) {
                row = i;
            }
        }
        assertThat(row).isNotNegative();

        test((Button) listed.getCellComponent(row, 6)).click();
        test($(ConfirmDialog.class).last()).confirm();

        assertThat(apiKeys.authenticate(plaintext)).isEmpty();
    }
}
