package dev.inferencemetrics.alert.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.combobox.ComboBox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.select.Select;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import dev.inferencemetrics.alert.AlertFilter;
import dev.inferencemetrics.alert.AlertService;
import dev.inferencemetrics.alert.AlertState;
import dev.inferencemetrics.alert.AlertSummary;
import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.base.ui.LookBack;
import dev.inferencemetrics.base.ui.NarrowScreen;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.deployment.DeploymentListItem;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.ui.picker.DeploymentPicker;
import dev.inferencemetrics.notify.ChannelService;
import dev.inferencemetrics.notify.ui.ChannelsPanel;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.tenant.TenantSummary;
import dev.inferencemetrics.tenant.ui.TenantChooser;
import jakarta.annotation.security.PermitAll;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The alert history — what fired when, on which deployment, and whether it is over; newest first — and, for those
 * who may change them, the notification channels.
 */
@Route("alerts")
@Menu(order = 2, title = "Alerts", icon = "vaadin:bell")
@PageTitle("Alerts · Inference Metrics")
@PermitAll
public class AlertsView extends VerticalLayout {

    /** The columns a phone keeps: what, where, and whether someone is on it. */
    private static final Set<String> ON_A_PHONE = Set.of("state", "deployment", "acknowledged");

    final Select<LookBack> period = new Select<>();
    final TenantChooser tenant;
    final DeploymentPicker deployment;
    final ComboBox<AlertState> state = new ComboBox<>("State");
    final Grid<AlertSummary> alerts = new Grid<>();
    final Paragraph summary = new Paragraph();

    /** Where alerts are sent; for operators and tenant admins. */
    @Nullable
    ChannelsPanel channelsPanel;

    private final AlertService service;
    private final SignedInUser user;
    private final Clock clock;
    /** Instants in the viewer's zone (or UTC if they chose it), as on the Metrics page. */
    private final PageTimeZone zone = PageTimeZone.of(UI.getCurrent());

    public AlertsView(
            AlertService service,
            DeploymentService deployments,
            TenantService tenants,
            ChannelService channels,
            CurrentUser currentUser,
            Clock clock) {
        this.service = service;
        this.user = currentUser.require();
        this.clock = clock;
        period.setLabel("Period");
        period.setItems(LookBack.DAY, LookBack.WEEK, LookBack.MONTH, LookBack.QUARTER);
        period.setItemLabelGenerator(LookBack::label);
        period.setValue(LookBack.WEEK);
        tenant = new TenantChooser("Tenant", tenants, user.scope());
        tenant.setVisible(user.role() == Role.OPERATOR);
        deployment = new DeploymentPicker("Deployment", deployments, user.scope());
        deployment.includeArchived(true);
        state.setItems(AlertState.values());
        state.setItemLabelGenerator(AlertsView::label);
        for (ComboBox<?> box : List.of(tenant, deployment, state)) {
            box.setClearButtonVisible(true);
            box.setPlaceholder("All");
            box.addValueChangeListener(change -> refresh());
        }
        period.addValueChangeListener(change -> refresh());
        Button reload = new Button("Refresh", VaadinIcon.REFRESH.create(), click -> refresh());
        HorizontalLayout filters = new HorizontalLayout(period, tenant, deployment, state, reload);
        filters.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        filters.setWrap(true);
        configureGrid();
        setWidthFull();
        summary.addClassName("alerts-summary");
        add(new H1("Alerts"), filters, summary, alerts);
        if (user.role() != Role.TENANT_VIEWER) {
            channelsPanel = new ChannelsPanel(channels, user, tenants);
            add(channelsPanel);
        }
        refresh();
    }

    private void configureGrid() {
        // widths that add up to a laptop screen beside the menu, cells wrapping: auto widths pushed Acknowledge past
        // the grid's right edge
        Grid.Column<AlertSummary> stateColumn = alerts.addComponentColumn(AlertsView::stateBadge)
                .setHeader("State")
                .setKey("state")
                .setWidth("6.5em")
                .setFlexGrow(0);
        alerts.addColumn(alert -> alert.severity().name().toLowerCase(Locale.ROOT))
                .setHeader("Severity")
                .setKey("severity")
                .setWidth("5em")
                .setFlexGrow(0);
        Grid.Column<AlertSummary> deploymentColumn = alerts.addComponentColumn(this::deploymentLink)
                .setHeader("Deployment")
                .setKey("deployment")
                .setWidth("8em");
        if (user.role() == Role.OPERATOR) {
            alerts.addColumn(AlertSummary::tenantName)
                    .setHeader("Tenant")
                    .setKey("tenant")
                    .setWidth("6em");
        }
        alerts.addColumn(AlertSummary::rule)
                .setHeader("Rule")
                .setKey("rule")
                .setTooltipGenerator(AlertSummary::explained)
                .setWidth("8em");
        alerts.addColumn(alert -> time(alert.firedAt() == null ? alert.pendingSince() : alert.firedAt()))
                .setHeader("Since")
                .setKey("since")
                .setWidth("6em");
        alerts.addColumn(alert -> time(alert.resolvedAt()))
                .setHeader("Resolved")
                .setKey("resolved")
                .setWidth("6em");
        alerts.addColumn(alert -> "%.2f (peak %.2f)".formatted(alert.value(), alert.peakValue()))
                .setHeader("Value")
                .setKey("value")
                .setWidth("6em");
        Grid.Column<AlertSummary> acknowledgedColumn = alerts.addComponentColumn(this::acknowledgement)
                .setHeader("Acknowledged")
                .setKey("acknowledged")
                .setWidth("9.5em")
                .setFlexGrow(0);
        alerts.addThemeVariants(
                GridVariant.LUMO_COMPACT, GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_WRAP_CELL_CONTENT);
        alerts.setEmptyStateText("No alerts match these filters.");
        alerts.setWidthFull();
        alerts.setHeight("32em");
        NarrowScreen.follow(alerts, narrow -> {
            alerts.getColumns().forEach(column -> column.setVisible(!narrow || ON_A_PHONE.contains(column.getKey())));
            deploymentColumn.setWidth(narrow ? "5em" : "8em");
            stateColumn.setWidth(narrow ? "5.5em" : "6.5em");
            acknowledgedColumn.setWidth(narrow ? "8em" : "9.5em");
        });
    }

    /** Reads the alerts the filters choose a page at a time, as the grid scrolls, however many there are. */
    void refresh() {
        Instant to = clock.instant();
        TenantSummary shownTenant = tenant.getValue();
        DeploymentListItem shownDeployment = deployment.getValue();
        AlertFilter filter = new AlertFilter(
                to.minus(period.getValue().length()),
                to,
                shownTenant == null ? null : shownTenant.slug(),
                shownDeployment == null ? null : shownDeployment.slug(),
                state.getValue(),
                AlertFilter.MAX_LIMIT);
        int found = service.count(user.scope(), filter);
        alerts.setItems(
                page -> rows(filter, page.getOffset(), page.getLimit()), page -> service.count(user.scope(), filter));
        // the zone is named once, here, so the time columns stay narrow
        summary.setText(NumberRules.COUNT.format((double) found) + (found == 1 ? " alert" : " alerts") + " in the "
                + period.getValue().label().toLowerCase(Locale.ROOT) + ". Times in " + zone.name() + ".");
    }

    private Stream<AlertSummary> rows(AlertFilter filter, int offset, int limit) {
        // a filter names at least one row; the grid may ask for none
        return limit == 0
                ? Stream.empty()
                : service.page(user.scope(), filter.withLimit(Math.min(limit, AlertFilter.MAX_LIMIT)), offset).stream();
    }

    private Component deploymentLink(AlertSummary alert) {
        Instant from = alert.firedAt() == null ? alert.pendingSince() : alert.firedAt();
        Instant to = alert.resolvedAt() == null ? clock.instant() : alert.resolvedAt();
        return new Anchor(
                "deployments/%s?from=%s&to=%s"
                        .formatted(alert.deployment(), from.minusSeconds(3600), to.plusSeconds(600)),
                alert.deploymentName());
    }

    private Component acknowledgement(AlertSummary alert) {
        if (alert.acknowledgedBy() != null) {
            return new Span(alert.acknowledgedBy() + ", " + time(alert.acknowledgedAt()));
        }
        if (alert.state() != AlertState.FIRING || user.role() == Role.TENANT_VIEWER) {
            return new Span("—");
        }
        Button acknowledge = new Button("Acknowledge", click -> {
            service.acknowledge(user.scope(), alert.id());
            refresh();
        });
        acknowledge.addClassName("acknowledge-alert");
        return acknowledge;
    }

    private static Span stateBadge(AlertSummary alert) {
        Span badge = new Span(label(alert.state()) + (alert.silenced() ? " (silenced)" : ""));
        badge.addClassNames(
                "alert-badge", "alert-badge--" + alert.state().name().toLowerCase(Locale.ROOT));
        return badge;
    }

    private static String label(AlertState state) {
        return switch (state) {
            case PENDING -> "Pending";
            case FIRING -> "Firing";
            case RESOLVED -> "Resolved";
        };
    }

    private String time(@Nullable Instant instant) {
        return instant == null ? "—" : zone.minute(instant);
    }
}
