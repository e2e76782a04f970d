package dev.inferencemetrics.capacity.ui;

import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.NumberField;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.capacity.CapacityReport;
import dev.inferencemetrics.capacity.ReplicaPlan;
import dev.inferencemetrics.capacity.ReplicaPrice;
import dev.inferencemetrics.capacity.ReplicaSizing;
import dev.inferencemetrics.capacity.ServiceTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * How many replicas a TTFT p99 target needs at a peak: the inputs start from the window's measurements and can be
 * changed; below them, the plan in words and what each target of the table would need.
 */
class SizingPanel extends VerticalLayout {

    final NumberField peak = new NumberField("Peak requests/s");
    final NumberField target = new NumberField("TTFT p99 target (ms)");
    final NumberField service = new NumberField("Mean service time (ms)");
    final Paragraph plan = new Paragraph();
    final Paragraph basis = new Paragraph();
    final Grid<TargetRow> table = new Grid<>();
    private Optional<ReplicaPrice> price = Optional.empty();

    /** One row of the target table: the plan, or why the target cannot be met. */
    record TargetRow(double targetMs, @Nullable ReplicaPlan plan, String refusal) {}

    SizingPanel() {
        setPadding(false);
        addClassName("capacity-sizing");
        plan.addClassName("capacity-plan");
        basis.addClassName("capacity-service-basis");
        for (NumberField field : List.of(peak, target, service)) {
            field.setMin(0);
            field.addValueChangeListener(event -> recalculate());
        }
        table.addColumn(row -> String.format(Locale.ROOT, "%.0f ms", row.targetMs()))
                .setHeader("TTFT p99 target");
        table.addColumn(row ->
                        row.plan() == null ? row.refusal() : percent(row.plan().ceiling()))
                .setHeader("Utilisation ceiling");
        table.addColumn(row -> row.plan() == null ? "" : rate(row.plan().perReplicaRequestsPerSecond()))
                .setHeader("Per replica");
        table.addColumn(row ->
                        row.plan() == null ? "" : String.valueOf(row.plan().replicas()))
                .setHeader("Replicas");
        table.addColumn(row -> row.plan() == null ? "" : cost(row.plan())).setHeader("Monthly cost");
        table.setAllRowsVisible(true);
        table.addClassName("capacity-targets");
        add(new H2("How many replicas"), new HorizontalLayout(peak, target, service), basis, plan, table);
    }

    void show(CapacityReport report) {
        price = Optional.ofNullable(report.price());
        ServiceTime measured = report.serviceTime();
        basis.setText(
                measured == null
                        ? "No ok requests in this window: enter a mean service time."
                        : "Service time measured as " + measured.basis().description() + ".");
        peak.setValue(report.peakRequestsPerSecond() == null ? null : round(report.peakRequestsPerSecond()));
        target.setValue(report.ttftSloMs());
        service.setValue(measured == null ? null : round(measured.meanMs()));
        recalculate();
    }

    private void recalculate() {
        Double peakValue = peak.getValue();
        Double targetValue = target.getValue();
        Double serviceValue = service.getValue();
        if (peakValue == null || targetValue == null || serviceValue == null) {
            plan.setText("Enter the peak, the target and the service time.");
            table.setItems(List.of());
            return;
        }
        try {
            plan.setText(sentence(ReplicaSizing.forTarget(peakValue, targetValue, serviceValue, price)));
        } catch (UnusableValueException e) {
            plan.setText(e.getMessage());
        }
        List<TargetRow> rows = new ArrayList<>();
        for (double ms : ReplicaSizing.TABLE_TARGETS_MS) {
            try {
                rows.add(new TargetRow(ms, ReplicaSizing.forTarget(peakValue, ms, serviceValue, price), ""));
            } catch (UnusableValueException e) {
                rows.add(new TargetRow(ms, null, "cannot be met"));
            }
        }
        table.setItems(rows);
    }

    static String sentence(ReplicaPlan plan) {
        return String.format(
                        Locale.ROOT,
                        "%d replicas: each serves %s at a %s utilisation ceiling; at %s they run at %s, with room"
                                + " for %s more (%s headroom).",
                        plan.replicas(),
                        rate(plan.perReplicaRequestsPerSecond()),
                        percent(plan.ceiling()),
                        rate(plan.peakRequestsPerSecond()),
                        percent(plan.utilisationAtPeak()),
                        rate(plan.headroomRequestsPerSecond()),
                        plan.peakRequestsPerSecond() > 0
                                ? percent(plan.headroomRequestsPerSecond() / plan.peakRequestsPerSecond())
                                : "all")
                + " Monthly cost: "
                + cost(plan)
                + ".";
    }

    private static String cost(ReplicaPlan plan) {
        return plan.monthlyCost() == null
                ? "no price per replica-hour set"
                : String.format(Locale.ROOT, "%s %,.2f", plan.currency(), plan.monthlyCost());
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%.1f requests/s", perSecond);
    }

    private static String percent(double share) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * share);
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
