package dev.inferencemetrics.slo.ui;

import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.slo.ConsumerBreach;
import dev.inferencemetrics.slo.ConsumerComplianceService;
import dev.inferencemetrics.slo.ConsumersOutside;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Who it is slow for: the consumers of a deployment whose share of requests within the TTFT objective's threshold
 * was below its target over a recent window, lowest first, with their requests.
 */
public class ConsumersOutsidePanel extends VerticalLayout {

    /** The consumers listed; the rest are counted. */
    static final int SHOWN = 20;

    private static final Map<String, Duration> WINDOWS = new LinkedHashMap<>();

    static {
        WINDOWS.put("Last hour", Duration.ofHours(1));
        WINDOWS.put("Last 24 hours", Duration.ofHours(24));
        WINDOWS.put("Last 7 days", Duration.ofDays(7));
    }

    public final Select<String> window = new Select<>();
    public final Grid<ConsumerBreach> grid = new Grid<>();
    public final Paragraph summary = new Paragraph();

    private final ConsumerComplianceService consumers;
    private final TenantScope scope;
    private final String deployment;
    private final Clock clock;

    public ConsumersOutsidePanel(
            ConsumerComplianceService consumers, TenantScope scope, String deployment, Clock clock) {
        this.consumers = consumers;
        this.scope = scope;
        this.deployment = deployment;
        this.clock = clock;
        setPadding(false);
        addClassName("consumers-outside");
        window.setLabel("Window");
        window.setItems(WINDOWS.keySet());
        window.setValue("Last 24 hours");
        window.addValueChangeListener(change -> show());
        grid.addColumn(ConsumerBreach::consumer).setHeader("Consumer").setFlexGrow(1);
        grid.addColumn(breach -> MetricFormat.count(breach.requests())).setHeader("Requests");
        grid.addColumn(breach -> MetricFormat.percent(breach.compliancePct())).setHeader("Within TTFT objective");
        grid.addThemeVariants(GridVariant.LUMO_COMPACT);
        grid.setAllRowsVisible(true);
        add(new H2("Consumers outside the objective"), window, summary, grid);
        show();
    }

    private void show() {
        Instant now = clock.instant();
        Duration length = Objects.requireNonNull(WINDOWS.get(window.getValue()), "a window offered");
        ConsumersOutside outside =
                consumers.outside(scope, deployment, QueryWindow.of(now.minus(length), now, null), 1, SHOWN);
        String objective = "TTFT ≤ %s ms for %s of requests%s"
                .formatted(
                        MetricFormat.count(Math.round(outside.ttftThresholdMs())),
                        MetricFormat.percent(outside.targetPct()),
                        outside.objectiveEnabled() ? "" : " (the objective is off)");
        if (outside.total() == 0) {
            summary.setText("No consumer was outside the objective (" + objective + ") in this window.");
        } else {
            int more = outside.total() - outside.consumers().size();
            summary.setText(outside.total() + (outside.total() == 1 ? " consumer was" : " consumers were")
                    + " outside the objective (" + objective + ")"
                    + (more > 0 ? "; the " + SHOWN + " lowest are listed." : "."));
        }
        grid.setItems(outside.consumers());
        grid.setVisible(outside.total() > 0);
    }
}
