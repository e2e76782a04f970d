package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.ManagedUser;
import dev.inferencemetrics.security.ManagedUsers;
import dev.inferencemetrics.security.NewUser;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import jakarta.annotation.security.RolesAllowed;
import java.util.List;

/**
 * A tenant's members: add one, change their role, disable or enable them, set a new password. A tenant admin sees
 * their own tenant only (it comes from the signed-in user); an operator picks a tenant.
 */
@Route("users")
@Menu(order = 4, title = "Users", icon = "vaadin:users")
@PageTitle("Users · Inference Metrics")
@RolesAllowed({"OPERATOR", "TENANT_ADMIN"})
public class UsersView extends VerticalLayout {

    final TenantPicker tenant;
    final NewUserForm form = new NewUserForm(this::create, true);
    final UserList list;
    private final ManagedUsers managedUsers;
    private final SignedInUser actor;

    public UsersView(
            ManagedUsers managedUsers, TenantService tenants, CurrentUser currentUser, OperatorAccessAudit audit) {
        this.managedUsers = managedUsers;
        this.actor = currentUser.require();
        list = new UserList(managedUsers, actor, true, "No users in this tenant yet.", this::members);
        tenant = new TenantPicker(tenants, false, actor, audit, "Users", list::refresh);
        add(
                new H1("Users"),
                new Paragraph("Tenant admins manage the tenant's users and API keys; viewers see its deployments."
                        + " Disabling a user, changing their role or setting their password signs them out at once."),
                tenant,
                form);
        addAndExpand(list);
        tenant.pickFirst();
    }

    private List<ManagedUser> members() {
        TenantSummary owner = tenant.getValue();
        return owner == null ? List.of() : managedUsers.list(actor, owner.id());
    }

    private void create(NewUser user) {
        TenantSummary owner = tenant.getValue();
        if (owner != null && list.run(() -> managedUsers.create(actor, owner.id(), user))) {
            form.clear();
        }
    }
}
