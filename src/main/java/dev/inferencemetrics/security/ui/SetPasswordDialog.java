package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.textfield.PasswordField;
import dev.inferencemetrics.security.ManagedUser;
import dev.inferencemetrics.security.UserAccountException;
import java.util.function.Consumer;

/**
 * An admin gives a member a new password, for a member who has lost theirs. The dialog stays open with the reason
 * when the password is refused.
 */
class SetPasswordDialog extends Dialog {

    final PasswordField password = new PasswordField("New password");
    final Span error = new Span();
    final Button save = new Button("Set password");

    SetPasswordDialog(ManagedUser user, Consumer<String> setPassword) {
        setHeaderTitle("New password for " + user.username());
        password.setHelperText(NewUserForm.PASSWORD_HINT);
        password.setWidthFull();
        error.addClassName("form-error");
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(click -> {
            try {
                setPassword.accept(password.getValue());
                close();
            } catch (UserAccountException refused) {
                error.setText(refused.getMessage());
            }
        });
        add(
                new Paragraph("Tell them the new password in person or over a channel you trust. Their open"
                        + " sessions end now."),
                password,
                error);
        getFooter().add(new Button("Cancel", click -> close()), save);
    }
}
