package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.textfield.TextArea;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.tenancy.TenantScope;

/**
 * The OTLP service names and model names that route trace spans to the deployment shown in the editor. A name
 * belongs to one deployment of a tenant; saving a name another deployment has is refused with its slug.
 */
class OtlpNamesEditor extends DeploymentSettingEditor {

    final TextArea serviceNames = new TextArea("OTLP service.name values (one a line or comma-separated)");
    final TextArea modelNames = new TextArea("Model names in spans (gen_ai.response.model)");
    private final DeploymentOtlpNames names;

    OtlpNamesEditor(DeploymentOtlpNames names, TenantScope scope) {
        super(scope, "Save trace routing");
        this.names = names;
        serviceNames.setWidthFull();
        modelNames.setWidthFull();
        fields(serviceNames, modelNames);
    }

    @Override
    void load(String deploymentSlug) {
        OtlpNames current = names.of(scope, deploymentSlug);
        serviceNames.setValue(String.join("\n", current.serviceNames()));
        modelNames.setValue(String.join("\n", current.modelNames()));
    }

    @Override
    String store(String deploymentSlug) {
        names.replace(scope, deploymentSlug, OtlpNames.parse(serviceNames.getValue(), modelNames.getValue()));
        return "Trace routing saved.";
    }
}
