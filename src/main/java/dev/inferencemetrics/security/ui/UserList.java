package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.security.ManagedUser;
import dev.inferencemetrics.security.ManagedUsers;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.UserAccountException;
import java.util.List;
import java.util.function.Supplier;

/**
 * Users listed with what an admin may do to each: change a tenant member's role, disable or enable them, set a new
 * password — never to themselves. Each change is asked of the service as the signed-in actor; a refusal is shown
 * above the list, which is read afresh after every change.
 */
class UserList extends VerticalLayout {

    final Span error = new Span();
    final Grid<ManagedUser> grid = new Grid<>();
    private final ManagedUsers managedUsers;
    private final SignedInUser actor;
    private final Supplier<List<ManagedUser>> load;

    UserList(
            ManagedUsers managedUsers,
            SignedInUser actor,
            boolean tenantRoles,
            String emptyText,
            Supplier<List<ManagedUser>> load) {
        this.managedUsers = managedUsers;
        this.actor = actor;
        this.load = load;
        grid.addColumn(ManagedUser::username).setHeader("Username").setAutoWidth(true);
        grid.addColumn(ManagedUser::displayName).setHeader("Display name").setAutoWidth(true);
        if (tenantRoles) {
            grid.addComponentColumn(this::roleSelect).setHeader("Role").setAutoWidth(true);
        }
        grid.addColumn(user -> user.enabled() ? "Enabled" : "Disabled")
                .setHeader("Status")
                .setAutoWidth(true);
        grid.addComponentColumn(this::enableButton).setHeader("Access").setAutoWidth(true);
        grid.addComponentColumn(this::passwordButton).setHeader("Password").setAutoWidth(true);
        grid.addComponentColumn(this::unlockButton).setHeader("Sign-in lock").setAutoWidth(true);
        grid.setEmptyStateText(emptyText);
        error.addClassName("form-error");
        setPadding(false);
        add(error);
        addAndExpand(grid);
    }

    void refresh() {
        grid.setItems(load.get());
    }

    /** Runs a change, shows why it was refused if it was, and lists the users afresh. */
    boolean run(Runnable change) {
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

    private Component roleSelect(ManagedUser user) {
        Select<Role> role = new Select<>();
        role.setItems(Role.TENANT_VIEWER, Role.TENANT_ADMIN);
        role.setItemLabelGenerator(NewUserForm::label);
        role.setValue(user.role());
        role.setEnabled(isNotActor(user));
        role.addValueChangeListener(change -> {
            if (change.getValue() != null && change.getValue() != user.role()) {
                run(() -> managedUsers.changeRole(actor, user.id(), change.getValue()));
            }
        });
        return role;
    }

    private Component enableButton(ManagedUser user) {
        Button button = user.enabled()
                ? new Button("Disable", click -> run(() -> managedUsers.disable(actor, user.id())))
                : new Button("Enable", click -> run(() -> managedUsers.enable(actor, user.id())));
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        button.setEnabled(isNotActor(user));
        return button;
    }

    private Component unlockButton(ManagedUser user) {
        Button button = new Button("Unlock sign-in", click -> run(() -> managedUsers.unlockSignIn(actor, user.id())));
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        button.setTooltipText("Forget this user's failed sign-ins, so their password works again at once");
        return button;
    }

    private Component passwordButton(ManagedUser user) {
        Button button = new Button("Set password", click -> openPasswordDialog(user));
        button.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        button.setEnabled(isNotActor(user));
        return button;
    }

    private void openPasswordDialog(ManagedUser user) {
        SetPasswordDialog dialog =
                new SetPasswordDialog(user, password -> managedUsers.setPassword(actor, user.id(), password));
        dialog.addOpenedChangeListener(change -> {
            if (!change.isOpened()) {
                refresh();
            }
        });
        dialog.open();
    }

    private boolean isNotActor(ManagedUser user) {
        return user.id() != actor.userId();
    }
}
