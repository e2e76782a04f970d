package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.CheckboxGroup;
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
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.apikey.CreatedApiKey;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.ui.TenantPicker;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import jakarta.annotation.security.RolesAllowed;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/** A tenant's API keys: create one (shown once), see when each was last used, revoke with immediate effect. */
@Route("api-keys")
@Menu(order = 3, title = "API keys", icon = "vaadin:key")
@PageTitle("API keys · Inference Metrics")
@RolesAllowed({"OPERATOR", "TENANT_ADMIN"})
public class ApiKeysView extends VerticalLayout {

    final TenantPicker tenant;
    final TextField name = new TextField("Name");
    final CheckboxGroup<ApiScope> scopes = new CheckboxGroup<>("Scopes");
    final ExpiryPicker expires;
    final Button create = new Button("Create key");
    final KeyGrid keys;
    private final ApiKeyService apiKeys;
    private final SignedInUser user;
    private final TenantScope scope;
    private final Clock clock;

    public ApiKeysView(
            ApiKeyService apiKeys,
            TenantService tenants,
            CurrentUser currentUser,
            OperatorAccessAudit audit,
            Clock clock) {
        this.apiKeys = apiKeys;
        this.clock = clock;
        this.user = currentUser.require();
        this.scope = user.scope();
        // archived tenants too: their keys may still need revoking, and their admins still sign in
        tenant = new TenantPicker(tenants, true, user, audit, "API keys", this::refresh);
        scopes.setItems(ApiScope.tenantScopes());
        scopes.setItemLabelGenerator(ApiScope::code);
        scopes.setValue(EnumSet.of(ApiScope.INGEST));
        expires = new ExpiryPicker(clock);
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.addClickListener(click -> createKey());
        keys = new KeyGrid(
                clock,
                key -> {
                    apiKeys.revoke(scope, Objects.requireNonNull(key.tenantId()), key.id());
                    refresh();
                },
                "No keys yet. Create one for each gateway or billing tool.");
        HorizontalLayout form = new HorizontalLayout(name, scopes, expires, create);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        form.setWrap(true);
        add(
                new H1("API keys"),
                new Paragraph("Gateways send samples with a key of scope ingest; billing tools read usage with"
                        + " usage:read. A key is shown once, when it is created; only its digest is stored."),
                tenant,
                form);
        addAndExpand(keys);
        tenant.pickFirst();
    }

    private void createKey() {
        TenantSummary owner = tenant.getValue();
        Set<ApiScope> chosen = scopes.getValue();
        if (owner == null || name.getValue().isBlank() || chosen.isEmpty()) {
            name.setInvalid(name.getValue().isBlank());
            name.setErrorMessage("Give the key a name, e.g. the gateway it belongs to");
            return;
        }
        if (!expires.isWithinRange()) {
            return;
        }
        CreatedApiKey created =
                apiKeys.create(scope, owner.id(), name.getValue().trim(), chosen, expires.expiresAt());
        new NewKeyDialog(created).open();
        name.clear();
        refresh();
    }

    private void refresh() {
        TenantSummary owner = tenant.getValue();
        if (owner == null) {
            keys.setItems(List.of());
            return;
        }
        // a tenant's keys are read a page at a time, as the grid scrolls
        keys.setItems(
                page -> apiKeys.page(scope, owner.id(), page.getOffset(), page.getLimit()).stream(),
                page -> apiKeys.count(scope, owner.id()));
    }
}
