package dev.inferencemetrics.metrics.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.contextmenu.MenuItem;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.menubar.MenuBar;
import com.vaadin.flow.component.menubar.MenuBarVariant;
import com.vaadin.flow.router.Location;
import com.vaadin.flow.router.QueryParameters;
import dev.inferencemetrics.billing.Costs;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.ScrapedCoverage;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.FleetSort;
import dev.inferencemetrics.metrics.MetricFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The fleet's columns beyond those that fit a laptop beside the menu: goodput, and for operators the GPU cost per
 * million output tokens. A "Columns" menu shows them; the choice is kept in the address ({@code ?columns=goodput,cost})
 * so a copied link and a reload show the same columns.
 */
final class FleetExtraColumns {

    static final String PARAMETER = "columns";

    enum Extra {
        GOODPUT("goodput", "Goodput"),
        COST("cost", "Cost per Mtok");

        final String code;
        final String label;

        Extra(String code, String label) {
            this.code = code;
            this.label = label;
        }
    }

    private final Map<Extra, Grid.Column<FleetRow>> columns = new LinkedHashMap<>();
    private final Map<Extra, MenuItem> items = new LinkedHashMap<>();
    private final List<Choice> choices = new ArrayList<>();
    private final MenuBar menu = new MenuBar();
    private boolean cards;

    FleetExtraColumns(Grid<FleetRow> grid, boolean operator) {
        columns.put(
                Extra.GOODPUT,
                grid.addColumn(row -> MetricFormat.percent(row.goodputPct()))
                        .setKey(Extra.GOODPUT.code)
                        .setHeader("Goodput")
                        .setTooltipGenerator(FleetExtraColumns::goodputTooltip)
                        .setSortProperty(FleetSort.GOODPUT.name())
                        .setAutoWidth(true));
        if (operator) {
            columns.put(
                    Extra.COST,
                    grid.addColumn(row -> cost(row.costPerMtokOutput()) + partial(row))
                            .setKey(Extra.COST.code)
                            .setHeader("Cost per Mtok")
                            .setTooltipGenerator(FleetExtraColumns::costTooltip)
                            .setSortProperty(FleetSort.COST_PER_MTOK.name())
                            .setAutoWidth(true));
        }
        menu.addThemeVariants(MenuBarVariant.LUMO_TERTIARY, MenuBarVariant.LUMO_SMALL);
        menu.addClassName("fleet-columns");
        MenuItem root = menu.addItem("Columns");
        root.setAriaLabel("Choose extra columns");
        columns.forEach((extra, column) -> {
            MenuItem item = root.getSubMenu().addItem(extra.label, click -> apply(true));
            item.setCheckable(true);
            items.put(extra, item);
            choices.add(new Choice(column, item));
        });
        apply(false);
    }

    MenuBar menu() {
        return menu;
    }

    /** Shows the columns the address names; unknown names are ignored. */
    void show(@Nullable String parameter) {
        Set<String> codes = parameter == null ? Set.of() : Set.of(parameter.split(","));
        items.forEach((extra, item) -> item.setChecked(codes.contains(extra.code)));
        apply(false);
    }

    /** Phones show one card a row, so the extra columns hide with the others and come back with them. */
    void asCards(boolean cards) {
        this.cards = cards;
        menu.setVisible(!cards);
        apply(false);
    }

    Set<Extra> shown() {
        return items.entrySet().stream()
                .filter(entry -> entry.getValue().isChecked())
                .map(Map.Entry::getKey)
                .collect(Collectors.toUnmodifiableSet());
    }

    private void apply(boolean remember) {
        choices.forEach(choice -> choice.column.setVisible(!cards && choice.item.isChecked()));
        if (remember) {
            UI.getCurrentOrThrow().getPage().getHistory().replaceState(null, address());
        }
    }

    private Location address() {
        UI ui = UI.getCurrentOrThrow();
        Location current = ui.getActiveViewLocation();
        Map<String, List<String>> query =
                new LinkedHashMap<>(current.getQueryParameters().getParameters());
        List<String> codes = new ArrayList<>();
        Arrays.stream(Extra.values()).filter(shown()::contains).forEach(extra -> codes.add(extra.code));
        query.remove(PARAMETER);
        if (!codes.isEmpty()) {
            query.put(PARAMETER, List.of(String.join(",", codes)));
        }
        return new Location(current.getPath(), new QueryParameters(query));
    }

    private record Choice(Grid.Column<FleetRow> column, MenuItem item) {}

    private static String goodputTooltip(FleetRow row) {
        return "Requests within every objective, last hour: " + MetricFormat.percent(row.goodputPct())
                + " of judged requests (" + MetricFormat.rate(row.goodRequestsPerSecond())
                + "); output tokens of good requests: " + MetricFormat.percent(row.tokenGoodputPct());
    }

    private static String costTooltip(FleetRow row) {
        ScrapedCoverage scraped = row.costScraped();
        return "GPU cost per million output tokens, last hour: " + cost(row.costPerMtokOutput())
                + "; per million good output tokens: " + cost(row.costPerMtokGoodOutput())
                + (scraped == null
                        ? ""
                        : "; replicas from scrapes: " + scraped.text()
                                + (scraped.partial() ? " (the cost covers only the scraped minutes)" : ""));
    }

    /** " *" when the cost reads replicas from scrapes and some minute had none answering (the tooltip says more). */
    private static String partial(FleetRow row) {
        ScrapedCoverage scraped = row.costScraped();
        return scraped != null && scraped.partial() ? " *" : "";
    }

    private static String cost(@Nullable Costs costs) {
        return costs == null ? "–" : MoneyFormat.cents(costs);
    }
}
