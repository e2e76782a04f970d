package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.textfield.IntegerField;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.tenancy.TenantScope;

/**
 * "Rollups only" for the deployment shown in the editor: how many hours its raw requests are kept, or empty for the
 * global retention. Its charts, cards, usage and alerts are unchanged; older requests can no longer be listed.
 */
class RawRetentionEditor extends DeploymentSettingEditor {

    final IntegerField hours = new IntegerField("Raw requests kept, hours (empty: the global retention)");
    private final DeploymentRawRetention retention;

    RawRetentionEditor(DeploymentRawRetention retention, TenantScope scope) {
        super(scope, "Save raw retention");
        this.retention = retention;
        hours.setMin(1);
        hours.setMax(DeploymentRawRetention.MAX_HOURS);
        hours.setHelperText("For high-volume deployments: charts, cards, usage and alerts stay as they are; requests"
                + " older than this can no longer be listed behind a chart interval.");
        hours.setWidthFull();
        fields(hours);
    }

    @Override
    void load(String deploymentSlug) {
        hours.setValue(retention
                .of(scope, deploymentSlug)
                .map(kept -> (int) kept.toHours())
                .orElse(null));
    }

    @Override
    String store(String deploymentSlug) {
        retention.set(scope, deploymentSlug, hours.getValue());
        return hours.getValue() == null
                ? "Raw requests are kept as long as the global retention."
                : "Raw requests are kept " + hours.getValue() + " h; older ones go within the hour.";
    }

    @Override
    String refused(String reason) {
        return "Not saved: " + reason + ".";
    }
}
