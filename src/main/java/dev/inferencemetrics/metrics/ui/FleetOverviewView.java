package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.Html;
import com.vaadin.flow.component.checkbox.Checkbox;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.page.ExtendedClientDetails;
import com.vaadin.flow.component.page.Page;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.provider.QuerySortOrder;
import com.vaadin.flow.data.provider.SortDirection;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.router.RouteAlias;
import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.metrics.FleetOverviewService;
import dev.inferencemetrics.metrics.FleetQuery;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.FleetSort;
import dev.inferencemetrics.metrics.MetricFormat;
import dev.inferencemetrics.security.CurrentUser;
import dev.inferencemetrics.security.OperatorAccessAudit;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SignedInUser;
import jakarta.annotation.security.PermitAll;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** The landing page: every deployment the signed-in person may see, with its last hour at a glance. */
@Route("")
@Menu(order = 0, title = "Fleet overview", icon = "vaadin:server")
@RouteAlias("deployments")
@PageTitle("Fleet overview · Inference Metrics")
@PermitAll
public class FleetOverviewView extends VerticalLayout implements BeforeEnterObserver {

    static final String EMPTY_STATE =
            "No deployments yet. An operator creates deployments; once a gateway sends samples they show up here.";

    final Grid<FleetRow> grid = new Grid<>();
    final TextField filter = new TextField();
    final Checkbox showArchived = new Checkbox("Show archived");
    private Grid.@Nullable Column<FleetRow> cardColumn;
    final FleetExtraColumns extraColumns;
    static final int PHONE_WIDTH = 700;

    public FleetOverviewView(
            FleetOverviewService fleet, CurrentUser currentUser, OperatorAccessAudit audit, Clock clock) {
        SignedInUser user = currentUser.require();
        audit.opened(user, null, "Fleet overview");
        boolean operator = user.role() == Role.OPERATOR;
        setSizeFull();
        filter.setPlaceholder("Filter by name, model, engine" + (operator ? " or tenant" : ""));
        filter.setPrefixComponent(VaadinIcon.SEARCH.create());
        filter.setValueChangeMode(ValueChangeMode.LAZY);
        filter.setClearButtonVisible(true);
        filter.setWidth("24em");
        filter.addClassName("fleet-filter");
        configureGrid(operator);
        extraColumns = new FleetExtraColumns(grid, operator);
        // the grid asks for what it draws; filter, order and paging run on the server
        FleetGridRows rows = new FleetGridRows(fleet, user.scope(), clock);
        grid.setItems(
                page -> rows.rows(query(page.getSortOrders()), page.getOffset(), page.getLimit()).stream(),
                // the grid asks for the size without an order; it is answered from the read its rows come from
                page -> rows.count(query(grid.getDataCommunicator().getBackEndSorting())));
        filter.addValueChangeListener(change -> grid.getDataProvider().refreshAll());
        showArchived.addValueChangeListener(change -> grid.getDataProvider().refreshAll());
        showArchived.setVisible(operator);
        HorizontalLayout toolbar = new HorizontalLayout(filter, showArchived, extraColumns.menu());
        toolbar.setDefaultVerticalComponentAlignment(FlexComponent.Alignment.BASELINE);
        toolbar.addClassName("fleet-toolbar");
        add(
                new H1("Fleet overview"),
                new Paragraph((operator ? "All tenants' deployments" : "Your organisation's deployments")
                        + " over the last hour. Click a row for its Metrics page."),
                toolbar);
        addAndExpand(grid);
        addAttachListener(attach -> {
            Page page = attach.getUI().getPage();
            ExtendedClientDetails details = page.getExtendedClientDetails();
            if (details != null) {
                asCards(details.getWindowInnerWidth() < PHONE_WIDTH);
            }
            page.addBrowserWindowResizeListener(resize -> asCards(resize.getWidth() < PHONE_WIDTH));
        });
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        extraColumns.show(event.getLocation()
                .getQueryParameters()
                .getSingleParameter(FleetExtraColumns.PARAMETER)
                .orElse(null));
    }

    /** The filter box, the archived box and the column the grid is sorted by, as one query. */
    private FleetQuery query(List<QuerySortOrder> sortOrders) {
        FleetQuery query = FleetQuery.all().withText(filter.getValue()).withArchived(showArchived.getValue());
        return sortOrders.stream()
                .findFirst()
                .map(order -> query.sortedBy(
                        FleetSort.valueOf(order.getSorted()), order.getDirection() == SortDirection.DESCENDING))
                .orElse(query);
    }

    /**
     * On a phone each row is one card; wider screens get the columns. The card column exists only while cards are
     * shown: a hidden column still builds every row's components and sends them to the browser.
     */
    void asCards(boolean cards) {
        if (cards && cardColumn == null) {
            cardColumn = grid.addComponentColumn(FleetCard::of).setKey("card");
        } else if (!cards && cardColumn != null) {
            grid.removeColumn(cardColumn);
            cardColumn = null;
        }
        grid.getColumns().forEach(column -> column.setVisible(cards == "card".equals(column.getKey())));
        extraColumns.asCards(cards);
        grid.setClassName("fleet-grid--cards", cards);
    }

    /**
     * Widths are fixed rather than fitted to the rows, so that however wide a deployment's figures are, the columns
     * of an operator's fleet add up to less than 1366 px beside the menu; a cell too narrow for its text ends in an
     * ellipsis and says it whole in its tooltip, and wider screens share the rest among the columns.
     */
    private void configureGrid(boolean showTenant) {
        grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_COMPACT);
        grid.addComponentColumn(FleetCard::link)
                .setHeader(header("Deployment"))
                .setKey("name")
                .setSortProperty(FleetSort.NAME.name())
                .setWidth("9.5em")
                .setFlexGrow(2);
        if (showTenant) {
            grid.addColumn(FleetRow::tenantName)
                    .setHeader(header("Tenant"))
                    .setKey("tenant")
                    .setSortProperty(FleetSort.TENANT.name())
                    .setWidth("6em")
                    .setTooltipGenerator(FleetRow::tenantName);
        }
        // model and engine share a column, so every column fits 1366 px beside the menu
        grid.addColumn(row -> row.model() + " · " + row.engine())
                .setHeader(header("Model · engine"))
                .setKey("model")
                .setSortProperty(FleetSort.MODEL.name())
                .setWidth("8em")
                .setTooltipGenerator(row -> row.model() + " · " + row.engine());
        // tokens/s in the tooltip, so every column still fits 1366 px beside the menu
        grid.addColumn(row -> MetricFormat.rate(row.requestsPerSecond()))
                .setHeader(header("Requests"))
                .setTooltipGenerator(row -> tokens(row.inputTokensPerSecond(), row.outputTokensPerSecond()))
                .setWidth("85px")
                .setSortProperty(FleetSort.REQUESTS.name());
        latencyColumn("TTFT p50 · p99", FleetRow::ttftP50, FleetRow::ttftP99, FleetSort.TTFT);
        latencyColumn("ITL p50 · p99", FleetRow::itlP50, FleetRow::itlP99, FleetSort.ITL);
        // requests waiting are scraped from the engines' /metrics, so only scraped deployments have them; they share
        // the KV column, which they explain, so every column fits 1366 px beside the menu
        grid.addColumn(row -> kvAndWaiting(row.kvMean(), row.waitingPerReplica()) + gpu(row.gpuUtilisation()))
                .setHeader(header("KV mean · waiting"))
                .setKey("kv")
                .setWidth("118px")
                .setTooltipGenerator(FleetOverviewView::gpuTooltip)
                .setSortProperty(FleetSort.KV.name());
        // one column for both states, so the grid still fits a laptop's width
        grid.addComponentColumn(FleetCard::state)
                .setHeader(header("SLO"))
                .setKey("slo")
                .setWidth("100px")
                .setFlexGrow(0)
                .setSortProperty(FleetSort.STATE.name());
        grid.addComponentColumn(FleetOverviewView::trend)
                .setHeader(header("TTFT p50 trend"))
                .setKey("trend")
                .setWidth("96px")
                .setFlexGrow(0);
        grid.setEmptyStateText(EMPTY_STATE);
        // a click beside the link opens the deployment too; a click that asks for a new tab is the link's alone
        grid.addItemClickListener(click -> {
            if (!click.isCtrlKey() && !click.isMetaKey() && !click.isShiftKey()) {
                grid.getUI()
                        .ifPresent(ui ->
                                ui.navigate("deployments/" + click.getItem().slug()));
            }
        });
    }

    /** Sorted by the median; the tail stands beside it. */
    private void latencyColumn(
            String header,
            Function<FleetRow, @Nullable Double> p50,
            Function<FleetRow, @Nullable Double> p99,
            FleetSort sort) {
        grid.addColumn(row -> MetricFormat.latency(p50.apply(row)) + " · " + MetricFormat.latency(p99.apply(row)))
                .setHeader(header(header))
                .setWidth("135px")
                .setTooltipGenerator(row -> header + ": " + MetricFormat.latency(p50.apply(row)) + " · "
                        + MetricFormat.latency(p99.apply(row)))
                .setSortProperty(sort.name());
    }

    /** A header that takes a second line rather than being cut where its column is narrow. */
    private static Span header(String text) {
        Span header = new Span(text);
        header.addClassName("fleet-header");
        return header;
    }

    static String kvAndWaiting(@Nullable Double kvMean, @Nullable Double perReplica) {
        String kv = MetricFormat.percent(kvMean);
        return perReplica == null ? kv : kv + " · " + NumberRules.READING.format(perReplica) + " waiting";
    }

    /** Input and output tokens/s apart, and their sum labelled as such. */
    static String tokens(double inputPerSecond, double outputPerSecond) {
        return "Tokens per second over the last hour: input " + NumberRules.TOKENS.format(inputPerSecond)
                + " · output " + NumberRules.TOKENS.format(outputPerSecond) + " · input + output "
                + NumberRules.TOKENS.format(inputPerSecond + outputPerSecond) + " tokens/s";
    }

    /** The mean GPU utilisation of deployments with a DCGM exporter target; nothing for the others. */
    static String gpu(@Nullable Double utilisation) {
        return utilisation == null ? "" : " · GPU " + MetricFormat.percent(utilisation);
    }

    private static String gpuTooltip(FleetRow row) {
        String kv = "KV-cache use, mean over the last hour; requests waiting per replica, mean";
        return row.gpuUtilisation() == null
                ? kv + "; no GPU metrics: add a DCGM exporter target on the deployment's Sources tab"
                : kv + "; GPU utilisation, mean over every GPU: " + MetricFormat.percent(row.gpuUtilisation())
                        + " (memory used " + MetricFormat.percent(row.gpuMemory()) + ")";
    }

    private static Html trend(FleetRow row) {
        return TrendLine.of(row.ttftTrend());
    }
}
