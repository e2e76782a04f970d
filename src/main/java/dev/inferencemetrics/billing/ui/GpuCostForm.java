package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.IntegerField;
import com.vaadin.flow.component.textfield.TextField;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostPeriod;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.tenancy.TenantScope;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A deployment's GPU cost on the Prices page: its history and a form for the next change. Its first cost may hold
 * from the deployment's start (no instant given); a change takes effect on a half hour ahead, as prices do. The
 * replicas are either given or read from scrapes (the engine replicas that answered each minute).
 */
class GpuCostForm extends VerticalLayout {

    static final String ANCHOR = "gpu-cost";

    final Grid<GpuCostPeriod> history = new Grid<>();
    final DateTimePicker effectiveFrom = new DateTimePicker("Effective from (UTC, on the half hour)");
    final IntegerField gpusPerReplica = new IntegerField("GPUs per replica");
    final IntegerField replicas = new IntegerField("Replicas");
    final Checkbox fromScrapes = new Checkbox("Replicas from scrapes");
    final BigDecimalField pricePerGpuHour = new BigDecimalField("Price per GPU-hour");
    final TextField currency = new TextField("Currency");
    final Button save = new Button("Set GPU cost");
    final Paragraph message = new Paragraph();
    private final GpuCostService costs;
    private @Nullable String slug;

    GpuCostForm(GpuCostService costs, PageTimeZone zone) {
        this.costs = costs;
        setId(ANCHOR);
        setPadding(false);
        effectiveFrom.setStep(Duration.ofMinutes(30));
        effectiveFrom.setHelperText("Leave empty for a first cost: it then holds from the deployment's start.");
        currency.setValue("USD");
        save.addClickListener(click -> save());
        fromScrapes.setTooltipText("Count the engine replicas that answered the deployment's scrapes, minute by"
                + " minute, instead of a set number");
        fromScrapes.addValueChangeListener(change -> replicas.setEnabled(!change.getValue()));
        history.addColumn(p -> zone.format(p.effectiveFrom()))
                .setHeader("Effective from")
                .setAutoWidth(true);
        history.addColumn(p -> p.cost().gpusPerReplica()).setHeader("GPUs per replica");
        history.addColumn(p -> p.cost().replicasFromScrapes()
                        ? "from scrapes"
                        : p.cost().replicas())
                .setHeader("Replicas");
        history.addColumn(p -> MoneyFormat.exact(p.cost().pricePerGpuHour())).setHeader("Per GPU-hour");
        history.addColumn(p -> hourly(p.cost())).setHeader("Per hour");
        history.addColumn(p -> p.cost().currency()).setHeader("Currency");
        history.setAllRowsVisible(true);
        HorizontalLayout form = new HorizontalLayout(
                effectiveFrom, gpusPerReplica, replicas, fromScrapes, pricePerGpuHour, currency, save);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        form.setWrap(true);
        add(
                new H2("GPU cost"),
                new Paragraph("What the deployment costs to run: the Metrics tab and the Usage page divide it by the"
                        + " tokens made to give the cost per million output tokens and the margin."),
                history,
                form,
                message);
    }

    void show(@Nullable String deploymentSlug) {
        slug = deploymentSlug;
        message.setText("");
        List<GpuCostPeriod> periods = slug == null ? List.of() : costs.history(TenantScope.allTenants(), slug);
        history.setItems(periods);
        if (periods.isEmpty()) {
            message.setText("No GPU cost is set for this deployment yet.");
        }
    }

    private void save() {
        boolean scraped = fromScrapes.getValue();
        if (slug == null
                || gpusPerReplica.getValue() == null
                || (replicas.getValue() == null && !scraped)
                || pricePerGpuHour.getValue() == null) {
            message.setText("Choose a deployment and give its GPUs per replica, replicas (or replicas from scrapes)"
                    + " and price per GPU-hour.");
            return;
        }
        Instant from = effectiveFrom.getValue() == null
                ? null
                : effectiveFrom.getValue().toInstant(ZoneOffset.UTC);
        try {
            Instant effective = costs.schedule(
                    TenantScope.allTenants(),
                    slug,
                    from,
                    new GpuCost(
                            gpusPerReplica.getValue(),
                            scraped ? null : replicas.getValue(),
                            pricePerGpuHour.getValue(),
                            currency.getValue().trim()));
            show(slug);
            message.setText("Set, from " + effective + ".");
        } catch (UnusableValueException e) {
            message.setText(e.getMessage());
        }
    }

    /** The hourly cost, or that of one replica-hour when the replicas come from scrapes. */
    private static String hourly(GpuCost cost) {
        BigDecimal hourly = cost.hourly();
        return hourly == null
                ? MoneyFormat.exact(cost.perReplicaHour()) + " per replica-hour"
                : MoneyFormat.exact(hourly);
    }
}
