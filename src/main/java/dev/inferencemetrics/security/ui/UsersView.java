package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.audit.OperatorAccessAudit;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.NewTenantUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.TenantUser;
import dev.inferencemetrics.security.TenantUsers;
import dev.inferencemetrics.security.UserAccountException;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import dev.inferencemetrics.tenant.ui.TenantPicker;
import jakarta.annotation.security.RolesAllowed;
import java.util.List;

/**
 * A tenant's members: add one, change their role, disable or enable them. A tenant admin sees their own tenant
 * only (it comes from the signed-in user); an operator picks a tenant.
 */
@Route("users")
@PageTitle("Users · Inference Metrics")
@RolesAllowed({"OPERATOR", "TENANT_ADMIN"})
public class UsersView extends VerticalLayout {

    final TenantPicker tenant;
    final NewUserForm form = new NewUserForm(this::create);
    final Span error = new Span();
    final Grid<TenantUser> users = new Grid<>();
    private final TenantUsers tenantUsers;
    private final SignedInUser actor;

    public UsersView(
            TenantUsers tenantUsers, TenantService tenants, CurrentUser currentUser, OperatorAccessAudit audit) {
        this.tenantUsers = tenantUsers;
        this.actor = currentUser.require();
        tenant = new TenantPicker(tenants.visibleTo(actor.scope()), actor, audit, "Users", this::refresh);
        error.addClassName("form-error");
        configureGrid();
        add(
                new H2("Users"),
                new Paragraph("Tenant admins manage the tenant's users and API keys; viewers see its deployments."
                        + " Disabling a user, changing their role or setting their password signs them out at once."),
                tenant,
                form,
                error);
        addAndExpand(users);
        tenant.pickFirst();
    }

    private void configureGrid() {
        users.addColumn(TenantUser::username).setHeader("Username").setAutoWidth(true);
        users.addColumn(TenantUser::displayName).setHeader("Display name").setAutoWidth(true);
        users.addComponentColumn(this::roleSelect).setHeader("Role").setAutoWidth(true);
        users.addColumn(user -> user.enabled() ? "Enabled" : "Disabled")
                .setHeader("Status")
                .setAutoWidth(true);
        users.addComponentColumn(this::enableButton).setAutoWidth(true);
        users.addComponentColumn(this::passwordButton).setAutoWidth(true);
        users.setEmptyStateText("No users in this tenant yet.");
    }

    private Component roleSelect(TenantUser user) {
        Select<Role> role = new Select<>();
        role.setItems(Role.TENANT_VIEWER, Role.TENANT_ADMIN);
        role.setItemLabelGenerator(NewUserForm::label);
        role.setValue(user.role());
        role.setEnabled(user.id() != actor.userId());
        role.addValueChangeListener(change -> {
            if (change.getValue() != null && change.getValue() != user.role()) {
                run(() -> tenantUsers.changeRole(actor, user.id(), change.getValue()));
            }
        });
        return role;
    }

    private Component enableButton(TenantUser user) {
        Button button = user.enabled()
                ? new Button("Disable", click -> run(() -> tenantUsers.disable(actor, user.id())))
                : new Button("Enable", click -> run(() -> tenantUsers.enable(actor, user.id())));
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        button.setEnabled(user.id() != actor.userId());
        return button;
    }

    private Component passwordButton(TenantUser user) {
        Button button = new Button("Set password", click -> openPasswordDialog(user));
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        button.setEnabled(user.id() != actor.userId());
        return button;
    }

    SetPasswordDialog openPasswordDialog(TenantUser user) {
        SetPasswordDialog dialog =
                new SetPasswordDialog(user, password -> tenantUsers.setPassword(actor, user.id(), password));
        dialog.addOpenedChangeListener(change -> {
            if (!change.isOpened()) {
                refresh();
            }
        });
        dialog.open();
        return dialog;
    }

    private void create(NewTenantUser user) {
        TenantSummary owner = tenant.getValue();
        if (owner != null && run(() -> tenantUsers.create(actor, owner.id(), user))) {
            form.clear();
        }
    }

    /** Runs a change, shows why it was refused if it was, and lists the users afresh. */
    private boolean run(Runnable change) {
        try {
            change.run();
            error.setText("");
            return true;
        } catch (UserAccountException refused) {
            error.setText(refused.getMessage());
            return false;
        } finally {
            refresh();
        }
    }

    private void refresh() {
        TenantSummary owner = tenant.getValue();
        users.setItems(owner == null ? List.of() : tenantUsers.list(actor, owner.id()));
    }
}
