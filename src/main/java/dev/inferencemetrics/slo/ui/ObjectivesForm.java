package dev.inferencemetrics.slo.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.NumberField;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * A deployment's objectives, one line each (TTFT, ITL and E2E: target % within a threshold; availability: target %
 * answered ok; goodput: target % good by the goodput SLO), saved through the same service, validation and audit as the API.
 */
public class ObjectivesForm extends VerticalLayout {

    /** The fields of one objective's line. */
    public static final class Line {
        public final Checkbox enabled = new Checkbox("On");
        public final NumberField targetPct = new NumberField("Target, %");
        public final NumberField thresholdMs = new NumberField("Threshold, ms");
        public final Button save = new Button("Save");
    }

    public final Map<SloKind, Line> lines = new EnumMap<>(SloKind.class);
    public final Span message = new Span();
    private final SloService slos;
    private final TenantScope scope;
    private final String deployment;

    public ObjectivesForm(SloService slos, TenantScope scope, String deployment) {
        this.slos = slos;
        this.scope = scope;
        this.deployment = deployment;
        setPadding(false);
        add(
                new H2("Objectives"),
                new Paragraph("The share of events that must be good over the rolling period: requests (TTFT, E2E) or"
                        + " token gaps (ITL) within a threshold, requests answered ok (availability), requests good"
                        + " by the goodput SLO below (goodput). The error budget is the rest; the burn-rate alerts"
                        + " follow the objectives that are on."));
        for (SloKind kind : SloKind.values()) {
            Line line = new Line();
            line.thresholdMs.setVisible(kind.hasThreshold());
            line.save.addClickListener(click -> save(kind, line));
            Span label = new Span(kind.label());
            label.setWidth("7em");
            HorizontalLayout row =
                    new HorizontalLayout(label, line.enabled, line.targetPct, line.thresholdMs, line.save);
            row.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
            row.setWrap(true);
            row.addClassName("objective-line");
            lines.put(kind, line);
            add(row);
        }
        message.addClassName("form-message");
        add(message);
        show();
    }

    private void show() {
        for (SloObjective objective : slos.objectives(scope, deployment)) {
            Line line = Objects.requireNonNull(lines.get(objective.kind()), "a line for every kind");
            line.enabled.setValue(objective.enabled());
            line.targetPct.setValue(objective.targetPct());
            line.thresholdMs.setValue(objective.thresholdMs());
        }
    }

    private void save(SloKind kind, Line line) {
        if (line.targetPct.isInvalid() || line.targetPct.getValue() == null) {
            message.setText("Not saved: " + kind.label() + " needs a target, a percentage between 0 and 100.");
            return;
        }
        if (kind.hasThreshold() && (line.thresholdMs.isInvalid() || line.thresholdMs.getValue() == null)) {
            message.setText("Not saved: " + kind.label() + " needs a threshold in milliseconds.");
            return;
        }
        try {
            SloObjective objective = new SloObjective(
                    kind,
                    line.targetPct.getValue(),
                    kind.hasThreshold() ? line.thresholdMs.getValue() : null,
                    line.enabled.getValue());
            slos.change(scope, deployment, objective);
            message.setText("Saved: " + objective.describe() + (objective.enabled() ? "." : " (off)."));
        } catch (UnusableValueException e) {
            message.setText("Not saved: " + e.getMessage() + ".");
        }
    }
}
