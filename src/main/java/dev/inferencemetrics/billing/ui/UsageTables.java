package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.UsageReport;
import dev.inferencemetrics.billing.UsageReport.DailyUsage;
import dev.inferencemetrics.billing.UsageReport.DeploymentUsage;
import dev.inferencemetrics.billing.UsageTotals;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/** The period's usage per deployment and per day. */
class UsageTables extends Div {

    final Grid<DeploymentUsage> deployments = new Grid<>();
    final Grid<DailyUsage> days = new Grid<>();

    UsageTables(boolean showTenant) {
        addClassName("usage-tables");
        deployments
                .addColumn(DeploymentUsage::deploymentName)
                .setHeader("Deployment")
                .setKey("deployment")
                .setSortable(true)
                .setFlexGrow(2)
                .setTooltipGenerator(DeploymentUsage::deployment);
        if (showTenant) {
            deployments
                    .addColumn(DeploymentUsage::tenantName)
                    .setHeader("Tenant")
                    .setKey("tenant")
                    .setSortable(true);
        }
        totalsColumns(deployments, DeploymentUsage::total);
        days.addColumn(day -> day.day().toString())
                .setHeader("Day")
                .setKey("day")
                .setSortable(true);
        totalsColumns(days, DailyUsage::total);
        for (Grid<?> grid : List.of(deployments, days)) {
            grid.addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_COMPACT);
            grid.setAllRowsVisible(true);
            grid.setEmptyStateText("No usage in this period.");
        }
        add(new H2("Per deployment"), deployments, new H2("Per day"), days);
    }

    void show(UsageReport report) {
        deployments.setItems(report.deployments());
        days.setItems(report.days());
    }

    private static <T> void totalsColumns(Grid<T> grid, Function<T, UsageTotals> total) {
        count(grid, "Requests", "requests", total.andThen(UsageTotals::requests));
        count(grid, "Successful", "ok", total.andThen(UsageTotals::okRequests));
        count(grid, "Input tokens", "input", total.andThen(UsageTotals::inputTokens));
        count(grid, "Output tokens", "output", total.andThen(UsageTotals::outputTokens));
        grid.addColumn(row -> MoneyFormat.cents(total.apply(row).cost()))
                .setHeader("Cost")
                .setKey("cost")
                .setTextAlign(ColumnTextAlign.END);
    }

    private static <T> void count(Grid<T> grid, String header, String key, Function<T, Long> value) {
        grid.addColumn(row -> UsageText.count(value.apply(row)))
                .setHeader(header)
                .setKey(key)
                .setTextAlign(ColumnTextAlign.END)
                .setComparator(Comparator.comparing(value));
    }
}
