package dev.inferencemetrics.capacity.ui;

import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.NumberField;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouterLink;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.ui.PricesView;
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
 * changed; below them, the plan in words and what each target of the table would need and cost. The monthly cost
 * counts replicas × the price per replica-hour (GPUs per replica × price per GPU-hour of the GPU cost in effect) ×
 * 730 hours; only operators see it, as everywhere GPU costs are shown.
 */
class SizingPanel extends VerticalLayout {

    final NumberField peak = new NumberField("Peak requests/s");
    final NumberField target = new NumberField("TTFT p99 target (ms)");
    final NumberField service = new NumberField("Mean service time (ms)");
    final Paragraph plan = new Paragraph();
    final Paragraph basis = new Paragraph();
    final Paragraph price = new Paragraph();
    final Grid<TargetRow> table = new Grid<>();
    private final boolean seesCosts;
    private final String deploymentSlug;
    private Optional<ReplicaPrice> hourly = Optional.empty();

    /** One row of the target table: the plan, or why the target cannot be met. */
    record TargetRow(double targetMs, @Nullable ReplicaPlan plan, String refusal) {}

    /**
     * @param seesCosts whether the viewer may see GPU costs (operators)
     * @param deploymentSlug the deployment whose GPU cost the Prices page sets
     */
    SizingPanel(boolean seesCosts, String deploymentSlug) {
        this.seesCosts = seesCosts;
        this.deploymentSlug = deploymentSlug;
        setPadding(false);
        addClassName("capacity-sizing");
        plan.addClassName("capacity-plan");
        price.addClassName("capacity-price");
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
        add(new H2("How many replicas"), new HorizontalLayout(peak, target, service), basis, plan, price, table);
    }

    void show(CapacityReport report) {
        hourly = Optional.ofNullable(report.price());
        showPrice();
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
            plan.setText(sentence(ReplicaSizing.forTarget(peakValue, targetValue, serviceValue, hourly)));
        } catch (UnusableValueException e) {
            plan.setText(e.getMessage());
        }
        List<TargetRow> rows = new ArrayList<>();
        for (double ms : ReplicaSizing.TABLE_TARGETS_MS) {
            try {
                rows.add(new TargetRow(ms, ReplicaSizing.forTarget(peakValue, ms, serviceValue, hourly), ""));
            } catch (UnusableValueException e) {
                rows.add(new TargetRow(ms, null, "cannot be met"));
            }
        }
        table.setItems(rows);
    }

    private void showPrice() {
        price.removeAll();
        if (!seesCosts) {
            price.setText("Monthly costs are shown to operators, who keep the GPU costs.");
        } else if (hourly.isEmpty()) {
            RouterLink prices = new RouterLink("set its GPU cost on the Prices page", PricesView.class);
            prices.setQueryParameters(QueryParameters.of(PricesView.DEPLOYMENT_PARAMETER, deploymentSlug));
            price.add(
                    new Span("No GPU cost is set for this deployment, so no plan has a monthly cost: "),
                    prices,
                    new Span(" (GPUs per replica and the price per GPU-hour), or give it in the provisioning API's"
                            + " gpuCost."));
        } else {
            ReplicaPrice perHour = hourly.get();
            price.setText(String.format(
                    Locale.ROOT,
                    "A replica costs %s %s per hour (GPUs per replica × price per GPU-hour of its GPU cost); a month"
                            + " counts 730 hours.",
                    perHour.currency(),
                    MoneyFormat.exact(perHour.perHour())));
        }
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
                + (plan.monthlyCost() == null ? "" : " Monthly cost: " + cost(plan) + ".");
    }

    private static String cost(ReplicaPlan plan) {
        return plan.monthlyCost() == null
                ? "–"
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
