package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.CreatedApiKey;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.SignedInUser;
import jakarta.annotation.security.RolesAllowed;
import java.time.Clock;

/** Operator keys (scope admin) for provisioning automation: create one (shown once), revoke with immediate effect. */
@Route("admin/operator-keys")
@Menu(order = 8, title = "Operator keys", icon = "vaadin:key-o")
@PageTitle("Operator keys · Inference Metrics")
@RolesAllowed("OPERATOR")
public class OperatorKeysView extends VerticalLayout {

    final TextField name = new TextField("Name");
    final ExpiryPicker expires;
    final Button create = new Button("Create operator key");
    final KeyGrid keys;
    private final ApiKeyService apiKeys;
    private final SignedInUser operator;

    public OperatorKeysView(ApiKeyService apiKeys, CurrentUser currentUser, Clock clock) {
        this.apiKeys = apiKeys;
        this.operator = currentUser.require();
        expires = new ExpiryPicker(clock);
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.addClickListener(click -> createKey());
        keys = new KeyGrid(
                clock,
                key -> {
                    apiKeys.revokeOperatorKey(operator.scope(), key.id());
                    refresh();
                },
                "No operator keys. Create one for the automation that provisions tenants and deployments.");
        HorizontalLayout form = new HorizontalLayout(name, expires, create);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        add(
                new H1("Operator keys"),
                new Paragraph("An operator key (scope admin) creates, changes, archives and restores tenants and"
                        + " deployments through the API (PUT /api/v1/tenants/{slug}, PUT /api/v1/deployments/{slug});"
                        + " it reads no tenant's data. It acts for you and stops working if you are disabled."),
                form);
        addAndExpand(keys);
        refresh();
    }

    private void createKey() {
        if (name.getValue().isBlank()) {
            name.setInvalid(true);
            name.setErrorMessage("Give the key a name, e.g. the automation it belongs to");
            return;
        }
        if (!expires.isWithinRange()) {
            return;
        }
        CreatedApiKey created = apiKeys.createOperatorKey(
                operator.scope(), operator.userId(), name.getValue().trim(), expires.expiresAt());
        new NewKeyDialog(created).open();
        name.clear();
        refresh();
    }

    private void refresh() {
        // read a page at a time, as the grid scrolls
        keys.setItems(
                page -> apiKeys.pageOperatorKeys(operator.scope(), page.getOffset(), page.getLimit()).stream(),
                page -> apiKeys.countOperatorKeys(operator.scope()));
    }
}
