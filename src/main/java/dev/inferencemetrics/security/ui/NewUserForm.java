package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.component.textfield.PasswordField;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.security.NewUser;
import dev.inferencemetrics.security.PasswordRules;
import dev.inferencemetrics.security.Role;
import java.util.function.Consumer;

/** The fields of a new tenant member; hands what was entered to the page, which asks the service. */
class NewUserForm extends HorizontalLayout {

    static final String PASSWORD_HINT = "At least " + PasswordRules.MIN_LENGTH + " characters";

    final TextField username = new TextField("Username");
    final TextField displayName = new TextField("Display name");
    final Select<Role> role = new Select<>();
    final PasswordField password = new PasswordField("Initial password");
    final Button create;

    /** {@code tenantMember}: a tenant admin or viewer, picked in the form; otherwise an operator. */
    NewUserForm(Consumer<NewUser> onCreate, boolean tenantMember) {
        create = new Button(tenantMember ? "Add user" : "Add operator");
        role.setLabel("Role");
        role.setItems(Role.TENANT_VIEWER, Role.TENANT_ADMIN);
        role.setItemLabelGenerator(NewUserForm::label);
        role.setValue(Role.TENANT_VIEWER);
        role.setVisible(tenantMember);
        password.setHelperText(PASSWORD_HINT);
        create.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        create.addClickListener(click -> onCreate.accept(new NewUser(
                username.getValue(),
                displayName.getValue(),
                tenantMember ? role.getValue() : Role.OPERATOR,
                password.getValue())));
        setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        add(username, displayName, role, password, create);
    }

    void clear() {
        username.clear();
        displayName.clear();
        password.clear();
        role.setValue(Role.TENANT_VIEWER);
    }

    static String label(Role role) {
        return switch (role) {
            case OPERATOR -> "Operator";
            case TENANT_ADMIN -> "Tenant admin";
            case TENANT_VIEWER -> "Tenant viewer";
        };
    }
}
