package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One setting of the deployment shown in the editor that is saved on its own (trace routing, raw retention): its
 * fields, a save button and a line saying what saving did or why it was refused.
 */
abstract class DeploymentSettingEditor extends VerticalLayout {

    final Button save;
    final Paragraph message = new Paragraph();
    final TenantScope scope;
    private @Nullable String slug;

    DeploymentSettingEditor(TenantScope scope, String saveLabel) {
        this.scope = scope;
        this.save = new Button(saveLabel, click -> save());
        setPadding(false);
    }

    /** Lays the setting's fields out above the save button and the message. */
    void fields(Component... fields) {
        add(fields);
        add(save, message);
    }

    final void show(DeploymentRef deployment) {
        slug = deployment.slug();
        load(deployment.slug());
        message.setText("");
    }

    /** Fills the fields with the deployment's current setting. */
    abstract void load(String deploymentSlug);

    /**
     * Saves the fields' setting and says what was done.
     *
     * @throws UnusableValueException with the reason, when the setting is refused
     */
    abstract String store(String deploymentSlug);

    private void save() {
        if (slug == null) {
            return;
        }
        try {
            message.setText(store(slug));
        } catch (UnusableValueException e) {
            message.setText(refused(Objects.requireNonNullElse(e.getMessage(), "the value is not usable")));
        }
    }

    /** The message for a refusal; the reason as given unless a subclass words it otherwise. */
    String refused(String reason) {
        return reason;
    }
}
