package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.html.Paragraph;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.UsageGrouping;
import dev.inferencemetrics.billing.UsageLine;
import dev.inferencemetrics.billing.UsageLines;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.billing.UsageTotals;
import dev.inferencemetrics.rollup.Dimension;
import java.util.Comparator;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The period's usage by consumer or adapter (per deployment where the grouping says so): requests, tokens and cost,
 * the cost being each deployment's tokens at its prices, so a deployment's lines add up to its own usage. Requests that
 * named no value are the line "(none)"; the values past a deployment's daily cap are the line "other".
 */
class UsageLineTable extends Div {

    final H2 heading = new H2();
    final Paragraph note = new Paragraph();
    final Grid<UsageLine> lines = new Grid<>();
    private final Grid.Column<UsageLine> value;
    private final Grid.Column<UsageLine> deployment;

    UsageLineTable(boolean operator) {
        addClassName("usage-lines");
        value = lines.addColumn(line -> line.value().label())
                .setKey("value")
                .setFlexGrow(2)
                .setComparator(Comparator.comparing(line -> line.value().label()))
                .setTooltipGenerator(UsageLineTable::explained);
        deployment = lines.addColumn(line -> Objects.requireNonNullElse(line.deploymentName(), ""))
                .setHeader("Deployment")
                .setKey("deployment")
                .setFlexGrow(2)
                .setComparator(Comparator.comparing(line -> Objects.requireNonNullElse(line.deploymentName(), "")));
        lines.addColumn(UsageLine::tenantName)
                .setHeader("Tenant")
                .setKey("tenant")
                .setComparator(Comparator.comparing(UsageLine::tenantName))
                .setVisible(operator);
        count("Requests", "requests", UsageTotals::requests);
        count("Successful", "ok", UsageTotals::okRequests);
        count("Input tokens", "input", UsageTotals::inputTokens);
        count("Output tokens", "output", UsageTotals::outputTokens);
        lines.addColumn(line -> MoneyFormat.cents(line.total().cost()))
                .setHeader("Cost")
                .setKey("cost")
                .setTextAlign(ColumnTextAlign.END);
        lines.addThemeVariants(GridVariant.LUMO_ROW_STRIPES, GridVariant.LUMO_COMPACT);
        lines.setHeight("24em");
        lines.setEmptyStateText("No usage in this period.");
        note.addClassName("usage-lines-note");
        add(heading, note, lines);
    }

    /** Shows the lines of the grouping, or hides the table when usage is grouped by deployment. */
    void show(UsageSelection selection, UsageLines shown) {
        UsageGrouping grouping = selection.grouping();
        Dimension dimension = grouping.dimension();
        setVisible(dimension != null);
        if (dimension == null) {
            lines.setItems();
            return;
        }
        String name = grouping == UsageGrouping.ADAPTER ? "Adapter" : "Consumer";
        heading.setText("Per " + grouping.label().toLowerCase(Locale.ROOT));
        value.setHeader(name);
        deployment.setVisible(grouping.perDeployment());
        note.setText("Costs are each deployment's tokens at its prices. \"(none)\": requests that named no "
                + dimension.code() + ". \"other\": the requests of the " + dimension.code() + "s a deployment saw"
                + " after the first " + Dimension.VALUES_PER_DAY + " of a day (UTC), counted together."
                + (shown.complete()
                        ? ""
                        : " Showing the first " + UsageService.MAX_LINES + " lines by name; the downloads hold all."));
        lines.setItems(shown.lines());
    }

    private static String explained(UsageLine line) {
        if (line.value().isNone()) {
            return "Requests that named none";
        }
        if (line.value().isOther()) {
            return "Values past a deployment's daily cap of " + Dimension.VALUES_PER_DAY + ", counted together";
        }
        return line.value().label();
    }

    private void count(String header, String key, Function<UsageTotals, Long> amount) {
        lines.addColumn(line -> UsageText.count(amount.apply(line.total())))
                .setHeader(header)
                .setKey(key)
                .setTextAlign(ColumnTextAlign.END)
                .setComparator(Comparator.comparing(line -> amount.apply(line.total())));
    }
}
