package dev.inferencemetrics.billing.ui;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import dev.inferencemetrics.billing.CostOfTokens;
import dev.inferencemetrics.billing.Costs;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.UsageTotals;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The operator's cost columns of a usage table, exact as the exports carry them: GPU cost, cost per million output
 * tokens, cost per million good output tokens, revenue and margin. "–" where no GPU cost is set.
 */
final class UsageCostColumns {

    static final String FORMULA = "GPU cost = GPUs per replica × replicas × price per GPU-hour × hours of the row's"
            + " days (up to now). Per Mtok output = GPU cost ÷ output tokens × 10⁶; per Mtok good = GPU cost ÷ output"
            + " tokens of good requests × 10⁶. Revenue: the tokens at their prices. Margin = revenue − GPU cost. Where"
            + " the replicas come from scrapes, replicas × hours are the replica-hours scrapes counted; minutes without"
            + " a replica answering cost nothing.";

    private UsageCostColumns() {}

    static <T> void add(Grid<T> grid, Function<T, UsageTotals> total) {
        column(grid, "GPU cost", "gpuCost", total, CostOfTokens::gpuCost);
        column(grid, "Per Mtok output", "perMtokOutput", total, CostOfTokens::costPerMtokOutput);
        column(grid, "Per Mtok good", "perMtokGood", total, CostOfTokens::costPerMtokGoodOutput);
        column(grid, "Revenue", "revenue", total, CostOfTokens::revenue);
        column(grid, "Margin", "margin", total, CostOfTokens::margin);
    }

    /**
     * " · replicas from scrapes: 58 of 60 minutes scraped, …" when part of the cost was read from scrapes, with "only" when
     * some minute had no replica answering; else nothing.
     */
    static String scraped(@Nullable CostOfTokens cost) {
        if (cost == null || !cost.scraped().any()) {
            return "";
        }
        return " · " + (cost.scraped().partial() ? "GPU cost covers only the scraped minutes: " : "")
                + "replicas from scrapes: " + cost.scraped().text();
    }

    /** The amounts of a row's cost, exact; "–" when the row has no GPU cost. */
    static String text(@Nullable CostOfTokens cost, Function<CostOfTokens, Costs> amount) {
        return cost == null || !cost.costKnown() ? "–" : MoneyFormat.exact(amount.apply(cost));
    }

    private static <T> void column(
            Grid<T> grid,
            String header,
            String key,
            Function<T, UsageTotals> total,
            Function<CostOfTokens, Costs> amount) {
        grid.addColumn(row -> text(total.apply(row).gpu(), amount))
                .setHeader(header)
                .setKey(key)
                .setTextAlign(ColumnTextAlign.END)
                .setTooltipGenerator(row -> FORMULA);
    }
}
