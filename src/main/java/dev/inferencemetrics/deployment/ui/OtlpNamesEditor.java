package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextArea;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.tenancy.TenantScope;
import org.jspecify.annotations.Nullable;

/**
 * The OTLP service names and model names that route trace spans to the deployment shown in the editor. A name
 * belongs to one deployment of a tenant; saving a name another deployment has is refused with its slug.
 */
class OtlpNamesEditor extends VerticalLayout {

    final TextArea serviceNames = new TextArea("OTLP service.name values (one a line or comma-separated)");
    final TextArea modelNames = new TextArea("Model names in spans (gen_ai.response.model)");
    final Button save = new Button("Save trace routing");
    final Paragraph message = new Paragraph();
    private final DeploymentOtlpNames names;
    private final TenantScope scope;
    private @Nullable String slug;

    OtlpNamesEditor(DeploymentOtlpNames names, TenantScope scope) {
        this.names = names;
        this.scope = scope;
        setPadding(false);
        serviceNames.setWidthFull();
        modelNames.setWidthFull();
        save.addClickListener(click -> save());
        add(serviceNames, modelNames, save, message);
    }

    void show(DeploymentRef deployment) {
        slug = deployment.slug();
        OtlpNames current = names.of(scope, deployment.slug());
        serviceNames.setValue(String.join("\n", current.serviceNames()));
        modelNames.setValue(String.join("\n", current.modelNames()));
        message.setText("");
    }

    private void save() {
        if (slug == null) {
            return;
        }
        try {
            names.replace(scope, slug, OtlpNames.parse(serviceNames.getValue(), modelNames.getValue()));
            message.setText("Trace routing saved.");
        } catch (IllegalArgumentException e) {
            message.setText(e.getMessage());
        }
    }
}
