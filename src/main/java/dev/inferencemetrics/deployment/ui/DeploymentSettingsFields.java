package dev.inferencemetrics.deployment.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;

/** What an operator enters for a deployment both when creating it and when editing it: its names and its SLOs. */
class DeploymentSettingsFields {

    final TextField displayName = new TextField("Name");
    final TextField model = new TextField("Model");
    final TextField engine = new TextField("Engine");
    final TextField region = new TextField("Region");
    final BigDecimalField sloTtft = new BigDecimalField("SLO: TTFT p95 (ms)");
    final BigDecimalField sloItl = new BigDecimalField("SLO: ITL p95 (ms)");
    final BigDecimalField sloErrorRate = new BigDecimalField("SLO: error rate (%)");

    /** The fields in the order both forms show them. */
    Component[] inOrder() {
        return new Component[] {displayName, model, engine, region, sloTtft, sloItl, sloErrorRate};
    }
}
