package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.ManagedUsers;
import dev.inferencemetrics.security.NewUser;
import dev.inferencemetrics.security.SignedInUser;
import jakarta.annotation.security.RolesAllowed;

/** The operators: add one, disable or enable one, set a new password for one who lost theirs. */
@Route("admin/operators")
@Menu(order = 7, title = "Operators", icon = "vaadin:user-star")
@PageTitle("Operators · Inference Metrics")
@RolesAllowed("OPERATOR")
public class OperatorsView extends VerticalLayout {

    final NewUserForm form = new NewUserForm(this::create, false);
    final UserList list;
    private final ManagedUsers managedUsers;
    private final SignedInUser actor;

    public OperatorsView(ManagedUsers managedUsers, CurrentUser currentUser) {
        this.managedUsers = managedUsers;
        this.actor = currentUser.require();
        list = new UserList(managedUsers, actor, false, "No operators.", () -> managedUsers.listOperators(actor));
        add(
                new H1("Operators"),
                new Paragraph("Operators see every tenant's data, manage tenants, deployments, prices and users, and"
                        + " read the audit log. Disabling an operator or setting their password signs them out at"
                        + " once; nobody can disable themselves."),
                form);
        addAndExpand(list);
        list.refresh();
    }

    private void create(NewUser operator) {
        if (list.run(() -> managedUsers.createOperator(actor, operator))) {
            form.clear();
        }
    }
}
