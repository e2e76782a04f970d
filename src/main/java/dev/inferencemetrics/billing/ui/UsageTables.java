package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.data.provider.QuerySortOrder;
import com.vaadin.flow.data.provider.SortDirection;
import com.vaadin.flow.data.value.ValueChangeMode;
import com.vaadin.flow.function.SerializableSupplier;
import dev.inferencemetrics.base.ui.NarrowScreen;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.UsageListing;
import dev.inferencemetrics.billing.UsageReport;
import dev.inferencemetrics.billing.UsageReport.DailyUsage;
import dev.inferencemetrics.billing.UsageReport.DeploymentUsage;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.billing.UsageSort;
import dev.inferencemetrics.billing.UsageTotals;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The period's usage per deployment and per day, with goodput (good ÷ judged requests, and the output tokens of good
 * requests ÷ all) and, for operators, what the tokens cost to make: GPU cost, cost per million output and good output
 * tokens, revenue and margin, as exact decimals. A tenant may run thousands of deployments, so the per-deployment
 * table reads a page at a time, filtered and sorted in PostgreSQL; on a phone both tables keep the columns that fit.
 */
class UsageTables extends Div {

    /** The columns a phone keeps; the others wait for a wider screen. */
    private static final Set<String> ON_A_PHONE = Set.of("deployment", "day", "requests", "cost");

    final H2 perDeployment = new H2("Per deployment");
    final TextField filter = new TextField();
    final Grid<DeploymentUsage> deployments = new Grid<>();
    final Grid<DailyUsage> days = new Grid<>();

    UsageTables(UsageService usage, TenantScope scope, boolean operator, SerializableSupplier<UsageSelection> shown) {
        boolean showTenant = operator;
        addClassName("usage-tables");
        filter.setPlaceholder("Filter by name" + (showTenant ? " or tenant" : ""));
        filter.setPrefixComponent(VaadinIcon.SEARCH.create());
        filter.setValueChangeMode(ValueChangeMode.LAZY);
        filter.setClearButtonVisible(true);
        filter.addClassName("usage-filter");
        deployments
                .addColumn(DeploymentUsage::deploymentName)
                .setHeader("Deployment")
                .setKey("deployment")
                .setSortProperty(UsageSort.DEPLOYMENT.name())
                .setFlexGrow(2)
                .setTooltipGenerator(DeploymentUsage::deployment);
        if (showTenant) {
            deployments
                    .addColumn(DeploymentUsage::tenantName)
                    .setHeader("Tenant")
                    .setKey("tenant")
                    .setSortProperty(UsageSort.TENANT.name());
        }
        totalsColumns(deployments, DeploymentUsage::total, true);
        days.addColumn(day -> day.day().toString())
                .setHeader("Day")
                .setKey("day")
                .setSortable(true);
        totalsColumns(days, DailyUsage::total, false);
        if (operator) {
            UsageCostColumns.add(deployments, DeploymentUsage::total);
            UsageCostColumns.add(days, DailyUsage::total);
        }
        deployments.setItems(
                page -> usage
                        .deployments(
                                scope,
                                shown.get().tenantId(),
                                shown.get().period(),
                                listing(page.getSortOrders()),
                                page.getOffset(),
                                page.getLimit())
                        .stream(),
                page -> usage.deploymentCount(
                        scope, shown.get().tenantId(), shown.get().period(), listing(page.getSortOrders())));
        filter.addValueChangeListener(change -> deployments.getDataProvider().refreshAll());
        for (Grid<?> grid : List.of(deployments, days)) {
            grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_COMPACT);
            grid.setHeight("24em");
            grid.setEmptyStateText("No usage in this period.");
        }
        NarrowScreen.follow(this, this::narrow);
        add(perDeployment, filter, deployments, new H2("Per day"), days);
    }

    /** Shows the per-deployment table only when usage is grouped by deployment. */
    void showPerDeployment(boolean shown) {
        for (var part : List.of(perDeployment, filter, deployments)) {
            part.setVisible(shown);
        }
    }

    void show(UsageReport report) {
        deployments.getDataProvider().refreshAll();
        days.setItems(report.days());
    }

    /** On a phone only the name, requests and cost stay, so the tables fit the screen's width. */
    void narrow(boolean narrow) {
        for (Grid<?> grid : List.of(deployments, days)) {
            grid.getColumns().forEach(column -> column.setVisible(!narrow || ON_A_PHONE.contains(column.getKey())));
        }
    }

    private UsageListing listing(List<QuerySortOrder> sortOrders) {
        return sortOrders.stream()
                .findFirst()
                .map(order -> new UsageListing(
                        filter.getValue(),
                        UsageSort.valueOf(order.getSorted()),
                        order.getDirection() == SortDirection.DESCENDING))
                .orElseGet(() -> UsageListing.byName(filter.getValue()));
    }

    private static <T> void totalsColumns(Grid<T> grid, Function<T, UsageTotals> total, boolean sortedByTheServer) {
        count(
                grid,
                "Requests",
                "requests",
                total.andThen(UsageTotals::requests),
                sortedByTheServer ? UsageSort.REQUESTS : null);
        count(
                grid,
                "Successful",
                "ok",
                total.andThen(UsageTotals::okRequests),
                sortedByTheServer ? UsageSort.OK_REQUESTS : null);
        count(
                grid,
                "Input tokens",
                "input",
                total.andThen(UsageTotals::inputTokens),
                sortedByTheServer ? UsageSort.INPUT_TOKENS : null);
        count(
                grid,
                "Output tokens",
                "output",
                total.andThen(UsageTotals::outputTokens),
                sortedByTheServer ? UsageSort.OUTPUT_TOKENS : null);
        grid.addColumn(row -> MoneyFormat.cents(total.apply(row).cost()))
                .setHeader("Cost")
                .setKey("cost")
                .setTextAlign(ColumnTextAlign.END);
        Grid.Column<T> goodput = grid.addColumn(row -> UsageText.goodput(total.apply(row)))
                .setHeader("Goodput")
                .setKey("goodput")
                .setTextAlign(ColumnTextAlign.END)
                .setTooltipGenerator(row -> UsageText.goodputDetails(total.apply(row)));
        grid.addColumn(row -> UsageText.percent(total.apply(row).tokenGoodputPct()))
                .setHeader("Token goodput")
                .setKey("tokenGoodput")
                .setTextAlign(ColumnTextAlign.END)
                .setTooltipGenerator(row -> UsageText.tokenGoodputDetails(total.apply(row)));
        if (sortedByTheServer) {
            goodput.setSortProperty(UsageSort.GOODPUT.name());
        } else {
            // without judged requests a row sorts below every share, as the server sorts it
            goodput.setComparator(Comparator.comparingDouble(row -> {
                Double pct = total.apply(row).goodputPct();
                return pct == null ? -1 : pct;
            }));
        }
    }

    /** A count column, sorted by PostgreSQL under {@code sort}, or in memory when there is none. */
    private static <T> void count(
            Grid<T> grid, String header, String key, Function<T, Long> value, @Nullable UsageSort sort) {
        Grid.Column<T> column = grid.addColumn(row -> UsageText.count(value.apply(row)))
                .setHeader(header)
                .setKey(key)
                .setTextAlign(ColumnTextAlign.END);
        if (sort == null) {
            column.setComparator(Comparator.comparing(value));
        } else {
            column.setSortProperty(sort.name());
        }
    }
}
