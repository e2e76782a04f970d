package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.provider.ListDataProvider;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteAlias;
import dev.inferencemetrics.audit.OperatorAccessAudit;
import dev.inferencemetrics.base.ui.chart.ApexChart;
import dev.inferencemetrics.base.ui.chart.ChartConfig;
import dev.inferencemetrics.base.ui.chart.ChartPoint;
import dev.inferencemetrics.base.ui.chart.ChartSeries;
import dev.inferencemetrics.base.ui.chart.ChartUnit;
import dev.inferencemetrics.metrics.EngineGaugeQueryService;
import dev.inferencemetrics.metrics.FleetOverviewService;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import jakarta.annotation.security.PermitAll;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** The landing page: every deployment the signed-in person may see, with its last hour at a glance. */
@Route("")
@RouteAlias("deployments")
@PageTitle("Fleet overview · Inference Metrics")
@PermitAll
public class FleetOverviewView extends VerticalLayout {

    static final String EMPTY_STATE =
            "No deployments yet. An operator creates deployments; once a gateway sends samples they show up here.";

    final Grid<FleetRow> grid = new Grid<>();
    final TextField filter = new TextField();
    final Checkbox showArchived = new Checkbox("Show archived");

    private final Map<String, Double> waiting = new HashMap<>();

    public FleetOverviewView(
            FleetOverviewService fleet,
            CurrentUser currentUser,
            OperatorAccessAudit audit,
            EngineGaugeQueryService engineGauges) {
        SignedInUser user = currentUser.require();
        audit.opened(user, null, "Fleet overview");
        boolean operator = user.role() == Role.OPERATOR;
        setSizeFull();
        filter.setPlaceholder("Filter by name, model, engine" + (operator ? " or tenant" : ""));
        filter.setPrefixComponent(VaadinIcon.SEARCH.create());
        filter.setValueChangeMode(ValueChangeMode.EAGER);
        filter.setClearButtonVisible(true);
        filter.setWidth("24em");
        configureGrid(operator);
        List<FleetRow> items = new ArrayList<>(fleet.lastHour(user.scope()));
        waiting.putAll(engineGauges.waitingLastHour(
                user.scope(), items.stream().map(FleetRow::slug).toList()));
        ListDataProvider<FleetRow> rows = new ListDataProvider<>(items);
        grid.setDataProvider(rows);
        filter.addValueChangeListener(change -> rows.setFilter(row -> matches(row, change.getValue())));
        showArchived.addValueChangeListener(change -> {
            items.clear();
            items.addAll(fleet.lastHour(user.scope(), change.getValue()));
            waiting.putAll(engineGauges.waitingLastHour(
                    user.scope(), items.stream().map(FleetRow::slug).toList()));
            rows.refreshAll();
        });
        showArchived.setVisible(operator);
        HorizontalLayout toolbar = new HorizontalLayout(filter, showArchived);
        toolbar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        add(
                new H2("Fleet overview"),
                new Paragraph((operator ? "All tenants' deployments" : "Your organisation's deployments")
                        + " over the last hour. Click a row for its Metrics page."),
                toolbar);
        addAndExpand(grid);
    }

    private void configureGrid(boolean showTenant) {
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES);
        grid.addColumn(row -> row.archivedAt() == null ? row.displayName() : row.displayName() + " (archived)")
                .setHeader("Deployment")
                .setKey("name")
                .setSortable(true)
                .setFlexGrow(2);
        if (showTenant) {
            grid.addColumn(FleetRow::tenantName)
                    .setHeader("Tenant")
                    .setKey("tenant")
                    .setSortable(true);
        }
        grid.addColumn(FleetRow::model)
                .setHeader("Model")
                .setKey("model")
                .setSortable(true)
                .setWidth("14em")
                .setTooltipGenerator(FleetRow::model);
        grid.addColumn(FleetRow::engine).setHeader("Engine").setSortable(true);
        grid.addColumn(row -> MetricFormat.rate(row.requestsPerSecond()))
                .setHeader("Requests")
                .setComparator(FleetRow::requestsPerSecond);
        latencyColumn("TTFT p50 · p99", FleetRow::ttftP50, FleetRow::ttftP99);
        latencyColumn("ITL p50 · p99", FleetRow::itlP50, FleetRow::itlP99);
        grid.addColumn(row -> MetricFormat.percent(row.kvMean()))
                .setHeader("KV mean")
                .setComparator(Comparator.comparing(FleetRow::kvMean, Comparator.nullsFirst(Double::compare)));
        // scraped from the engines' /metrics; absent for deployments whose engines are not scraped
        grid.addColumn(row -> waiting.containsKey(row.slug())
                        ? String.format(Locale.ROOT, "%.1f", waiting.get(row.slug()))
                        : MetricFormat.NO_DATA)
                .setHeader("Waiting")
                .setKey("waiting")
                .setTooltipGenerator(row -> "Requests waiting per replica, mean over the last hour")
                .setComparator(
                        Comparator.comparing(row -> waiting.get(row.slug()), Comparator.nullsFirst(Double::compare)));
        grid.addComponentColumn(FleetOverviewView::sloBadge)
                .setHeader("SLO")
                .setKey("slo")
                .setComparator(FleetRow::sloState);
        grid.addComponentColumn(FleetOverviewView::trend)
                .setHeader("TTFT p50, last hour")
                .setWidth("160px")
                .setFlexGrow(0);
        grid.getColumns().stream()
                .filter(column -> !"model".equals(column.getKey()))
                .forEach(column -> column.setAutoWidth(true));
        grid.setEmptyStateText(EMPTY_STATE);
        grid.addItemClickListener(click -> grid.getUI()
                .ifPresent(ui -> ui.navigate("deployments/" + click.getItem().slug())));
    }

    /** Sorted by the median; the tail stands beside it. */
    private void latencyColumn(String header, Function<FleetRow, Double> p50, Function<FleetRow, Double> p99) {
        grid.addColumn(row -> MetricFormat.latency(p50.apply(row)) + " · " + MetricFormat.latency(p99.apply(row)))
                .setHeader(header)
                .setComparator(Comparator.comparing(p50, Comparator.nullsFirst(Double::compare)));
    }

    private static Span sloBadge(FleetRow row) {
        Span badge = new Span(row.sloState().label());
        badge.addClassNames("slo-badge", "slo-badge--" + row.sloState().name().toLowerCase(Locale.ROOT));
        return badge;
    }

    private static ApexChart trend(FleetRow row) {
        ApexChart chart = new ApexChart(ChartConfig.sparkline(
                "trend-" + row.slug(),
                ChartUnit.MILLISECONDS,
                ChartSeries.solid(
                        "TTFT p50",
                        "#2563eb",
                        row.ttftTrend().stream()
                                .map(p -> new ChartPoint(p.t().toEpochMilli(), p.p50()))
                                .toList())));
        chart.setWidth("140px");
        return chart;
    }

    private static boolean matches(FleetRow row, String filter) {
        String needle = filter.trim().toLowerCase(Locale.ROOT);
        return needle.isEmpty()
                || String.join(" ", row.displayName(), row.slug(), row.model(), row.engine(), row.tenantName())
                        .toLowerCase(Locale.ROOT)
                        .contains(needle);
    }
}
