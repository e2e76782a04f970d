package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.datetimepicker.DateTimePicker;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.BigDecimalField;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.PricePeriod;
import dev.inferencemetrics.billing.PriceService;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.deployment.DeploymentFilter;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.ui.picker.DeploymentPicker;
import dev.inferencemetrics.tenancy.TenantScope;
import jakarta.annotation.security.RolesAllowed;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Operators schedule price changes (a change applies from its half hour on and never reprices recorded usage) and
 * set what each deployment costs to run.
 */
@Route("admin/prices")
@Menu(order = 6, title = "Prices", icon = "vaadin:money")
@PageTitle("Prices · Inference Metrics")
@RolesAllowed("OPERATOR")
public class PricesView extends VerticalLayout implements BeforeEnterObserver {

    /** Query parameter naming the deployment to open with, as the admin page links here. */
    public static final String DEPLOYMENT_PARAMETER = "deployment";

    final DeploymentPicker deployment;
    final Checkbox showArchived = new Checkbox("Show archived");
    final Grid<PricePeriod> history = new Grid<>();
    final DateTimePicker effectiveFrom = new DateTimePicker("Effective from (UTC, on the half hour)");
    final BigDecimalField input = new BigDecimalField("Input, per million tokens");
    final BigDecimalField output = new BigDecimalField("Output, per million tokens");
    final TextField currency = new TextField("Currency");
    final Button schedule = new Button("Schedule price change");
    final Paragraph message = new Paragraph();
    final GpuCostForm gpuCost;
    private final PriceService prices;
    private final DeploymentService deployments;

    public PricesView(PriceService prices, GpuCostService gpuCosts, DeploymentService deployments) {
        this.prices = prices;
        this.deployments = deployments;
        deployment = new DeploymentPicker("Deployment", deployments, TenantScope.allTenants());
        deployment.setWidth("24em");
        deployment.addValueChangeListener(change -> refresh());
        showArchived.addValueChangeListener(change -> loadDeployments());
        effectiveFrom.setStep(Duration.ofMinutes(30));
        currency.setValue("USD");
        schedule.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        schedule.addClickListener(click -> scheduleChange());
        PageTimeZone zone = PageTimeZone.of(UI.getCurrent());
        gpuCost = new GpuCostForm(gpuCosts, zone);
        // the first price of a deployment holds from the beginning of time
        history.addColumn(p ->
                        p.effectiveFrom().equals(Instant.EPOCH) ? "From the start" : zone.format(p.effectiveFrom()))
                .setHeader("Effective from")
                .setAutoWidth(true);
        history.addColumn(p -> MoneyFormat.exact(p.price().inputPerMtok())).setHeader("Input / Mtok");
        history.addColumn(p -> MoneyFormat.exact(p.price().outputPerMtok())).setHeader("Output / Mtok");
        history.addColumn(p -> p.price().currency()).setHeader("Currency");
        HorizontalLayout form = new HorizontalLayout(effectiveFrom, input, output, currency, schedule);
        form.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        // the form is wider than a laptop screen beside the menu: it wraps rather than pushing the button off it
        form.setWrap(true);
        HorizontalLayout picker = new HorizontalLayout(deployment, showArchived);
        picker.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        picker.setWrap(true);
        add(new H1("Prices"), picker, history, form, message, gpuCost);
        loadDeployments();
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        event.getLocation()
                .getQueryParameters()
                .getSingleParameter(DEPLOYMENT_PARAMETER)
                .ifPresent(this::select);
    }

    private void select(String slug) {
        deployments.listItem(TenantScope.allTenants(), slug).ifPresent(found -> {
            if (found.archived()) {
                showArchived.setValue(true);
            }
            deployment.setValue(found);
        });
    }

    /** Offers archived deployments or not; a chosen deployment that is no longer offered gives way to the first. */
    private void loadDeployments() {
        deployment.includeArchived(showArchived.getValue());
        DeploymentListItem chosen = deployment.getValue();
        if (chosen == null || (chosen.archived() && !showArchived.getValue())) {
            deployment.setValue(
                    deployments
                            .page(TenantScope.allTenants(), new DeploymentFilter("", showArchived.getValue()), 0, 1)
                            .stream()
                            .findFirst()
                            .orElse(null));
        }
    }

    private void scheduleChange() {
        DeploymentListItem chosen = deployment.getValue();
        if (chosen == null
                || effectiveFrom.getValue() == null
                || input.getValue() == null
                || output.getValue() == null) {
            message.setText("Choose a deployment, the instant the change takes effect and both prices.");
            return;
        }
        try {
            prices.schedule(
                    TenantScope.allTenants(),
                    chosen.slug(),
                    effectiveFrom.getValue().toInstant(ZoneOffset.UTC),
                    new TokenPrice(
                            input.getValue(),
                            output.getValue(),
                            currency.getValue().trim()));
            message.setText("Scheduled. Usage before " + effectiveFrom.getValue() + " UTC keeps its earlier price.");
            refresh();
        } catch (UnusableValueException e) {
            message.setText(e.getMessage());
        }
    }

    private void refresh() {
        DeploymentListItem chosen = deployment.getValue();
        history.setItems(chosen == null ? List.of() : prices.history(TenantScope.allTenants(), chosen.slug()));
        gpuCost.show(chosen == null ? null : chosen.slug());
    }
}
