package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinSession;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.security.UserAccountException;
import dev.inferencemetrics.security.UserAccounts;
import jakarta.annotation.security.PermitAll;

/** The signed-in person's own account: who they are signed in as, and a new password. */
@Route("account")
@Menu(order = 11, title = "Account", icon = "vaadin:user")
@PageTitle("Account · Inference Metrics")
@PermitAll
public class AccountView extends VerticalLayout {

    final PasswordField current = new PasswordField("Current password");
    final PasswordField replacement = new PasswordField("New password");
    final PasswordField repeated = new PasswordField("New password again");
    final Button change = new Button("Change password");
    final Span error = new Span();
    final Span done = new Span();
    final Paragraph who;
    private final UserAccounts accounts;
    private final SignedInUser user;

    public AccountView(UserAccounts accounts, CurrentUser currentUser) {
        this.accounts = accounts;
        this.user = currentUser.require();
        who = new Paragraph("Signed in as " + user.getUsername() + " · " + user.displayName());
        replacement.setHelperText(NewUserForm.PASSWORD_HINT);
        error.addClassName("form-error");
        done.addClassName("form-done");
        change.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        change.addClickListener(click -> changePassword());
        FormLayout form = new FormLayout(current, replacement, repeated);
        form.setMaxWidth("32rem");
        add(
                new H1("Account"),
                who,
                new H2("Password"),
                new Paragraph("Changing your password signs out your other sessions; this one stays signed in."),
                form,
                change,
                error,
                done);
    }

    private void changePassword() {
        done.setText("");
        if (!replacement.getValue().equals(repeated.getValue())) {
            error.setText("The new passwords do not match.");
            return;
        }
        try {
            String sessionId = VaadinSession.getCurrent().getSession().getId();
            accounts.changeOwnPassword(user, current.getValue(), replacement.getValue(), sessionId);
            error.setText("");
            done.setText("Your password has been changed.");
            current.clear();
            replacement.clear();
            repeated.clear();
        } catch (UserAccountException refused) {
            error.setText(refused.getMessage());
        }
    }
}
