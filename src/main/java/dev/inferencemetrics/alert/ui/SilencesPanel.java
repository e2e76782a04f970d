package dev.inferencemetrics.alert.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.datepicker.DatePicker;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.alert.AlertRule;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.Silence;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A deployment's silences that have not ended — of the whole deployment or one rule, with an end time and a reason —
 * a form to add one and a button to end one early; the same service and audit as the API. Times are the viewer's, as
 * on the rest of the pages: shown in their zone and entered in it.
 */
class SilencesPanel extends VerticalLayout {

    final Grid<Silence> grid = new Grid<>();
    final ComboBox<AlertRule> rule = new ComboBox<>("Rule");
    final DateTimePicker endsAt;
    final TextField reason = new TextField("Reason");
    final Button add = new Button("Silence");
    final Span message = new Span();
    private final AlertService alerts;
    private final TenantScope scope;
    private final String deployment;
    private final PageTimeZone zone;
    private Map<Long, String> ruleNames = Map.of();

    SilencesPanel(AlertService alerts, TenantScope scope, String deployment, Clock clock, PageTimeZone zone) {
        this.alerts = alerts;
        this.scope = scope;
        this.deployment = deployment;
        this.zone = zone;
        endsAt = new DateTimePicker("Ends at (" + zone.name() + ")");
        endsAt.setDatePickerI18n(
                new DatePicker.DatePickerI18n().setDateFormats(PageTimeZone.DATE_PATTERN, "d/M/yyyy", "yyyy-MM-dd"));
        setPadding(false);
        rule.setPlaceholder("Every rule of the deployment");
        rule.setClearButtonVisible(true);
        rule.setItemLabelGenerator(AlertRule::name);
        endsAt.setValue(LocalDateTime.ofInstant(
                clock.instant().plus(Duration.ofHours(2)).truncatedTo(ChronoUnit.MINUTES), zone.zone()));
        reason.setPlaceholder("Planned maintenance");
        reason.setMaxLength(500);
        reason.setWidth("20em");
        add.addClickListener(click -> silence());
        grid.addColumn(s ->
                        s.ruleId() == null ? "Every rule" : ruleNames.getOrDefault(s.ruleId(), "Rule " + s.ruleId()))
                .setHeader("Silences")
                .setAutoWidth(true);
        grid.addColumn(s -> time(s.endsAt())).setHeader("Until").setAutoWidth(true);
        grid.addColumn(Silence::reason).setHeader("Reason").setFlexGrow(1);
        grid.addColumn(s -> s.createdBy() + ", " + time(s.createdAt()))
                .setHeader("By")
                .setAutoWidth(true);
        grid.addComponentColumn(s -> new Button("End now", click -> end(s))).setHeader("End");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.setAllRowsVisible(true);
        grid.setEmptyStateText("No silence in force: every alert is announced.");
        HorizontalLayout form = new HorizontalLayout(rule, endsAt, reason, add);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        form.setWrap(true);
        message.addClassName("form-message");
        add(new H2("Silences"), grid, form, message);
        refresh();
    }

    private void silence() {
        if (endsAt.getValue() == null) {
            message.setText("Not added: a silence needs the date and time it ends.");
            return;
        }
        Instant end = endsAt.getValue().atZone(zone.zone()).toInstant();
        AlertRule chosen = rule.getValue();
        try {
            alerts.silence(scope, deployment, chosen == null ? null : chosen.id(), end, reason.getValue());
            message.setText(
                    "Silenced " + (chosen == null ? "every rule" : chosen.name()) + " until " + time(end) + ".");
            reason.clear();
            refresh();
        } catch (UnusableValueException e) {
            message.setText("Not added: " + e.getMessage() + ".");
        }
    }

    private void end(Silence silence) {
        alerts.endSilence(scope, deployment, silence.id());
        message.setText("Ended the silence \"" + silence.reason() + "\"; alerts are announced again.");
        refresh();
    }

    void refresh() {
        List<AlertRule> rules = alerts.rules(scope, deployment);
        ruleNames = rules.stream().collect(Collectors.toMap(AlertRule::id, AlertRule::name));
        rule.setItems(rules);
        grid.setItems(alerts.silences(scope, deployment));
    }

    private String time(Instant instant) {
        return zone.format(instant);
    }
}
