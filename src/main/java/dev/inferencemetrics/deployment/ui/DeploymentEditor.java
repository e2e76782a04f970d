package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.formlayout.FormLayout;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.Confirmation;
import dev.inferencemetrics.deployment.DeploymentChanges;
import dev.inferencemetrics.deployment.DeploymentOtlpNames;
import dev.inferencemetrics.deployment.DeploymentRawRetention;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.SloPreset;
import dev.inferencemetrics.security.SignedInUser;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * Changes the deployment selected in the list: its name, model, engine, region and SLOs, and whether it is archived.
 * Prices have a history of their own, so they are changed on the Prices page, linked from here.
 */
class DeploymentEditor extends VerticalLayout {

    final H2 title = new H2();
    final Paragraph state = new Paragraph();
    final DeploymentSettingsFields settings = new DeploymentSettingsFields();
    final Button save = new Button("Save changes");
    final Button archive = new Button("Archive deployment");
    final Button restore = new Button("Restore deployment");
    final Div links = new Div();
    final Paragraph message = new Paragraph();
    final OtlpNamesEditor traceRouting;
    final RawRetentionEditor rawRetention;
    private final DeploymentService deployments;
    private final List<DeploymentEditorLink> linkSources;
    private final SignedInUser operator;
    private final Consumer<String> changed;
    private @Nullable DeploymentRef shown;

    /** {@code changed} gets the slug of a deployment just changed, so the list beside this can show it anew. */
    DeploymentEditor(
            DeploymentService deployments,
            DeploymentOtlpNames otlpNames,
            DeploymentRawRetention rawRetention,
            SignedInUser operator,
            List<DeploymentEditorLink> linkSources,
            Consumer<String> changed) {
        this.deployments = deployments;
        this.linkSources = linkSources;
        this.operator = operator;
        this.changed = changed;
        setPadding(false);
        save.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        save.addClickListener(click -> act(slug -> {
            deployments.edit(operator.scope(), operator.userId(), slug, changes());
            SloPreset preset = settings.chosenPreset();
            if (preset == null) {
                return "Saved.";
            }
            deployments.applyPreset(operator.scope(), slug, preset);
            return "Saved; the TTFT and ITL objectives now hold 99 % within these thresholds (" + preset.label() + ").";
        }));
        archive.addThemeVariants(ButtonVariant.LUMO_ERROR);
        archive.addClickListener(click -> Confirmation.ask(
                "Archive " + (shown == null ? "this deployment" : shown.displayName()) + "?",
                "It disappears from the fleet overview and pickers and refuses samples; its history stays and it"
                        + " can be restored.",
                "Archive",
                () -> act(slug -> {
                    deployments.archive(operator.scope(), operator.userId(), slug);
                    return "Archived: hidden from the fleet overview and pickers, and ingest is refused. History"
                            + " stays.";
                })));
        restore.addClickListener(click -> act(slug -> {
            deployments.restore(operator.scope(), operator.userId(), slug);
            return "Restored: listed again and taking samples.";
        }));
        FormLayout fields = new FormLayout(settings.inOrder());
        traceRouting = new OtlpNamesEditor(otlpNames, operator.scope());
        this.rawRetention = new RawRetentionEditor(rawRetention, operator.scope());
        add(
                title,
                state,
                fields,
                TenantsPanel.row(save, archive, restore),
                links,
                message,
                traceRouting,
                this.rawRetention);
        show(null);
    }

    /** Shows the deployment's current settings, or hides the editor when there is none. */
    void show(@Nullable DeploymentRef deployment) {
        shown = deployment;
        message.setText("");
        setVisible(deployment != null);
        if (deployment == null) {
            return;
        }
        title.setText("Edit " + deployment.displayName() + " (" + deployment.slug() + ")");
        state.setText(stateOf(deployment));
        settings.displayName.setValue(deployment.displayName());
        settings.model.setValue(deployment.model());
        settings.engine.setValue(deployment.engine());
        settings.region.setValue(deployment.region());
        settings.sloTtft.setValue(deployment.sloTtftP95Ms());
        settings.sloItl.setValue(deployment.sloItlP95Ms());
        settings.sloErrorRate.setValue(deployment.sloErrorRatePct());
        settings.preset.clear();
        archive.setVisible(deployment.archivedAt() == null);
        restore.setVisible(deployment.archivedAt() != null);
        links.removeAll();
        linkSources.forEach(source -> links.add(source.link(deployment)));
        traceRouting.show(deployment);
        rawRetention.show(deployment);
    }

    private void act(Function<String, String> action) {
        if (shown == null) {
            return;
        }
        try {
            String done = action.apply(shown.slug());
            changed.accept(shown.slug());
            message.setText(done);
        } catch (UnusableValueException e) {
            message.setText(e.getMessage());
        }
    }

    private DeploymentChanges changes() {
        return new DeploymentChanges(
                settings.displayName.getValue(),
                settings.model.getValue(),
                settings.engine.getValue(),
                settings.region.getValue(),
                settings.sloTtft.getValue(),
                settings.sloItl.getValue(),
                settings.sloErrorRate.getValue());
    }

    private static String stateOf(DeploymentRef deployment) {
        if (deployment.archivedAt() != null) {
            return ArchiveState.describe(deployment.archivedAt()) + ".";
        }
        if (deployment.tenantArchivedAt() != null) {
            return "Its tenant was archived on " + ArchiveState.date(deployment.tenantArchivedAt())
                    + ": restore the tenant to list this deployment and take its samples again.";
        }
        return "Active.";
    }
}
