package dev.inferencemetrics.apikey.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.CheckboxGroup;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.apikey.ApiKeyInfo;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.apikey.CreatedApiKey;
import dev.inferencemetrics.audit.OperatorAccessAudit;
import dev.inferencemetrics.base.ui.Confirmation;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import dev.inferencemetrics.tenant.ui.TenantPicker;
import jakarta.annotation.security.RolesAllowed;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/** A tenant's API keys: create one (shown once), see when each was last used, revoke with immediate effect. */
@Route("api-keys")
@PageTitle("API keys · Inference Metrics")
@RolesAllowed({"OPERATOR", "TENANT_ADMIN"})
public class ApiKeysView extends VerticalLayout {

    final TenantPicker tenant;
    final TextField name = new TextField("Name");
    final CheckboxGroup<ApiScope> scopes = new CheckboxGroup<>("Scopes");
    final DatePicker expires = new DatePicker("Expires (optional)");
    /** The last day the database can hold as an expiry in every zone, and all anyone needs. */
    private static final LocalDate LAST_EXPIRY = LocalDate.of(9999, 12, 30);

    final Button create = new Button("Create key");
    final Grid<ApiKeyInfo> keys = new Grid<>();
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
        tenant = new TenantPicker(tenants.visibleTo(scope, true), user, audit, "API keys", this::refresh);
        scopes.setItems(ApiScope.values());
        scopes.setItemLabelGenerator(ApiScope::code);
        scopes.setValue(EnumSet.of(ApiScope.INGEST));
        expires.setMin(clock.instant().atZone(ZoneOffset.UTC).toLocalDate().plusDays(1));
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.addClickListener(click -> createKey());
        configureGrid();
        HorizontalLayout form = new HorizontalLayout(name, scopes, expires, create);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        add(
                new H2("API keys"),
                new Paragraph("Gateways send samples with a key of scope ingest; billing tools read usage with"
                        + " usage:read. A key is shown once, when it is created; only its digest is stored."),
                tenant,
                form);
        addAndExpand(keys);
        tenant.pickFirst();
    }

    private void configureGrid() {
        keys.addColumn(ApiKeyInfo::name).setHeader("Name").setAutoWidth(true);
        keys.addColumn(key -> key.prefix() + "…").setHeader("Key").setAutoWidth(true);
        keys.addColumn(key -> String.join(
                        ", ", key.scopes().stream().map(ApiScope::code).sorted().toList()))
                .setHeader("Scopes")
                .setAutoWidth(true);
        PageTimeZone zone = PageTimeZone.of(UI.getCurrent());
        keys.addColumn(key -> zone.format(key.createdAt())).setHeader("Created").setAutoWidth(true);
        keys.addColumn(key -> key.lastUsedAt() == null ? "never" : zone.format(key.lastUsedAt()))
                .setHeader("Last used")
                .setAutoWidth(true);
        keys.addColumn(key -> KeyStatus.of(key, clock.instant()).label())
                .setHeader("Status")
                .setAutoWidth(true);
        keys.addComponentColumn(this::revokeButton).setAutoWidth(true);
        keys.setEmptyStateText("No keys yet. Create one for each gateway or billing tool.");
    }

    private Button revokeButton(ApiKeyInfo key) {
        Button revoke = new Button(
                "Revoke",
                click -> Confirmation.ask(
                        "Revoke key " + key.prefix() + "… \"" + key.name() + "\"?",
                        "Every call made with this key is refused from now on. A revoked key cannot be restored.",
                        "Revoke",
                        () -> {
                            apiKeys.revoke(scope, key.tenantId(), key.id());
                            refresh();
                        }));
        revoke.addThemeVariants(ButtonVariant.LUMO_ERROR, ButtonVariant.LUMO_TERTIARY);
        revoke.setEnabled(KeyStatus.of(key, clock.instant()) == KeyStatus.ACTIVE);
        return revoke;
    }

    private void createKey() {
        TenantSummary owner = tenant.getValue();
        Set<ApiScope> chosen = scopes.getValue();
        if (owner == null || name.getValue().isBlank() || chosen.isEmpty()) {
            name.setInvalid(name.getValue().isBlank());
            name.setErrorMessage("Give the key a name, e.g. the gateway it belongs to");
            return;
        }
        if (expires.getValue() != null && expires.getValue().isAfter(LAST_EXPIRY)) {
            expires.setErrorMessage("Pick a day before the year 10000, or none");
            expires.setInvalid(true);
            return;
        }
        CreatedApiKey created = apiKeys.create(
                scope,
                owner.id(),
                name.getValue().trim(),
                chosen,
                expires.getValue() == null
                        ? null
                        : expires.getValue().atStartOfDay(ZoneOffset.UTC).toInstant());
        new NewKeyDialog(created).open();
        name.clear();
        refresh();
    }

    private void refresh() {
        TenantSummary owner = tenant.getValue();
        keys.setItems(owner == null ? List.of() : apiKeys.list(scope, owner.id()));
    }
}
