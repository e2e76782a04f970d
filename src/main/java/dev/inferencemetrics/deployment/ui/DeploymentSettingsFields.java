package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.deployment.SloPreset;
import org.jspecify.annotations.Nullable;

/**
 * What an operator enters for a deployment both when creating it and when editing it: its names and its SLOs. An SLO
 * preset fills the TTFT and ITL thresholds, which stay editable; saved with a preset chosen, the TTFT and ITL
 * objectives hold 99 % within the thresholds saved.
 */
class DeploymentSettingsFields {

    final TextField displayName = new TextField("Name");
    final TextField model = new TextField("Model");
    final TextField engine = new TextField("Engine");
    final TextField region = new TextField("Region");
    final ComboBox<SloPreset> preset = new ComboBox<>("SLO preset (P99 targets)");
    final BigDecimalField sloTtft = new BigDecimalField("SLO: TTFT p95 (ms)");
    final BigDecimalField sloItl = new BigDecimalField("SLO: ITL p95 (ms)");
    final BigDecimalField sloErrorRate = new BigDecimalField("SLO: error rate (%)");

    DeploymentSettingsFields() {
        preset.setItems(SloPreset.values());
        preset.setItemLabelGenerator(SloPreset::describe);
        preset.setClearButtonVisible(true);
        preset.setHelperText("Fills the thresholds below; saved with a preset, the TTFT and ITL objectives become"
                + " 99 % within them.");
        preset.addValueChangeListener(change -> {
            SloPreset chosen = change.getValue();
            if (chosen != null) {
                fill(chosen);
            }
        });
    }

    /** Puts the preset's P99 figures in the threshold fields; the operator may still change them. */
    void fill(SloPreset chosen) {
        sloTtft.setValue(chosen.ttftP99Ms());
        sloItl.setValue(chosen.itlP99Ms());
    }

    /** The preset chosen to save with, if any. */
    @Nullable
    SloPreset chosenPreset() {
        return preset.getValue();
    }

    /** The fields in the order both forms show them. */
    Component[] inOrder() {
        return new Component[] {displayName, model, engine, region, preset, sloTtft, sloItl, sloErrorRate};
    }
}
