package dev.inferencemetrics.alert.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.NumberField;
import dev.inferencemetrics.alert.AlertRule;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.RuleSettings;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A deployment's alert rules: pick one to change when it fires (threshold, "for"), when it clears (the hysteresis)
 * and whether it is on; saved through the same service, validation and audit as the API.
 */
class RulesEditor extends VerticalLayout {

    final Grid<AlertRule> grid = new Grid<>();
    final NumberField threshold = new NumberField("Fires at");
    final NumberField clearBelow = new NumberField("Clears below");
    final IntegerField forMinutes = new IntegerField("For, minutes");
    final Checkbox enabled = new Checkbox("On");
    final Button save = new Button("Save rule");
    final Span message = new Span();
    /** Where the concurrency rule says the deployment should scale, or why it has no such point. */
    final Paragraph scalingPoint = new Paragraph();

    private final AlertService alerts;
    private final TenantScope scope;
    private final String deployment;

    RulesEditor(AlertService alerts, TenantScope scope, String deployment) {
        this.alerts = alerts;
        this.scope = scope;
        this.deployment = deployment;
        setPadding(false);
        columns();
        grid.asSingleSelect().addValueChangeListener(change -> edit(change.getValue()));
        save.addClickListener(click -> save());
        forMinutes.setMin(0);
        HorizontalLayout form = new HorizontalLayout(threshold, clearBelow, forMinutes, enabled, save);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        form.setWrap(true);
        message.addClassName("form-message");
        scalingPoint.setText(
                "Scaling point: " + alerts.scalingPoint(scope, deployment).note());
        add(
                new H2("Alert rules"),
                new Paragraph("A burn-rate rule fires at its threshold or at half its objective's largest possible"
                        + " burn, whichever is lower, so that a total regression pages within minutes whatever the"
                        + " target."),
                grid,
                scalingPoint,
                form,
                message);
        refresh();
        edit(null);
    }

    private void columns() {
        grid.addColumn(AlertRule::name).setHeader("Rule").setAutoWidth(true);
        grid.addColumn(rule -> rule.severity().name().toLowerCase(Locale.ROOT)).setHeader("Severity");
        grid.addColumn(AlertRule::condition).setHeader("Fires when").setFlexGrow(1);
        grid.addColumn(rule -> number(rule.clearBelow())).setHeader("Clears below");
        grid.addColumn(rule -> rule.forDuration().toMinutes() + " min").setHeader("For");
        grid.addColumn(rule -> rule.enabled() ? "on" : "off").setHeader("On");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.setAllRowsVisible(true);
    }

    private void edit(@Nullable AlertRule rule) {
        boolean chosen = rule != null;
        for (var field : List.of(threshold, clearBelow)) {
            field.setEnabled(chosen);
        }
        forMinutes.setEnabled(chosen);
        enabled.setEnabled(chosen);
        save.setEnabled(chosen);
        if (rule != null) {
            threshold.setValue(rule.threshold());
            clearBelow.setValue(rule.clearBelow());
            forMinutes.setValue((int) rule.forDuration().toMinutes());
            enabled.setValue(rule.enabled());
            message.setText("Changing " + rule.name() + ".");
        }
    }

    private void save() {
        AlertRule rule = grid.asSingleSelect().getValue();
        if (rule == null) {
            return;
        }
        if (threshold.getValue() == null || clearBelow.getValue() == null || forMinutes.getValue() == null) {
            message.setText("Not saved: a rule needs a number to fire at, one to clear below and a number of"
                    + " minutes (0 fires at once).");
            return;
        }
        try {
            AlertRule changed = alerts.changeRule(
                    scope,
                    deployment,
                    rule.id(),
                    new RuleSettings(
                            threshold.getValue(),
                            clearBelow.getValue(),
                            Duration.ofMinutes(forMinutes.getValue()),
                            enabled.getValue()));
            refresh();
            message.setText("Saved " + changed.name() + ": " + changed.condition() + ", clears below "
                    + number(changed.clearBelow()) + (changed.enabled() ? "." : " (off)."));
        } catch (UnusableValueException e) {
            message.setText("Not saved: " + e.getMessage() + ".");
        }
    }

    void refresh() {
        grid.setItems(alerts.rules(scope, deployment));
    }

    static String number(double value) {
        return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
