package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.IntegerField;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.tenancy.TenantScope;
import org.jspecify.annotations.Nullable;

/**
 * "Rollups only" for the deployment shown in the editor: how many hours its raw requests are kept, or empty for the
 * global retention. Its charts, cards, usage and alerts are unchanged; older requests can no longer be listed.
 */
class RawRetentionEditor extends VerticalLayout {

    final IntegerField hours = new IntegerField("Raw requests kept, hours (empty: the global retention)");
    final Button save = new Button("Save raw retention");
    final Paragraph message = new Paragraph();
    private final DeploymentRawRetention retention;
    private final TenantScope scope;
    private @Nullable String slug;

    RawRetentionEditor(DeploymentRawRetention retention, TenantScope scope) {
        this.retention = retention;
        this.scope = scope;
        setPadding(false);
        hours.setMin(1);
        hours.setMax(DeploymentRawRetention.MAX_HOURS);
        hours.setHelperText("For high-volume deployments: charts, cards, usage and alerts stay as they are; requests"
                + " older than this can no longer be listed behind a chart interval.");
        hours.setWidthFull();
        save.addClickListener(click -> save());
        add(hours, save, message);
    }

    void show(DeploymentRef deployment) {
        slug = deployment.slug();
        hours.setValue(retention
                .of(scope, deployment.slug())
                .map(kept -> (int) kept.toHours())
                .orElse(null));
        message.setText("");
    }

    private void save() {
        if (slug == null) {
            return;
        }
        try {
            retention.set(scope, slug, hours.getValue());
            message.setText(
                    hours.getValue() == null
                            ? "Raw requests are kept as long as the global retention."
                            : "Raw requests are kept " + hours.getValue() + " h; older ones go within the hour.");
        } catch (IllegalArgumentException e) {
            message.setText("Not saved: " + e.getMessage() + ".");
        }
    }
}
