package dev.inferencemetrics.billing;

import java.math.BigDecimal;
import java.util.Map;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A usage row's GPU cost figures as export columns: exact decimals, empty when not shown (a tenant's export) or not
 * known (no GPU cost set). The margin is the row's cost to the tenant less the GPU cost, given only when both are in
 * one currency. A GPU cost that changed currency within the row lists each, separated by "; ". Where replicas come from
 * scrapes, the minutes costed so, the minutes among them in which a replica answered (fewer: the GPU cost covers only
 * those) and the replica-minutes counted; empty where no minute was costed from scrapes.
 */
record RowCostColumns(
        String currency,
        String gpuCost,
        String perMtokOutput,
        String perMtokGoodOutput,
        String margin,
        String scrapedCostMinutes,
        String scrapedCostMinutesSeen,
        String scrapedReplicaMinutes) {

    private static final RowCostColumns EMPTY = new RowCostColumns("", "", "", "", "", "", "", "");

    static RowCostColumns of(@Nullable CostOfTokens cost) {
        if (cost == null || !cost.costKnown()) {
            return EMPTY;
        }
        Map<String, BigDecimal> gpu = cost.gpuCost().byCurrency();
        if (gpu.isEmpty()) {
            return EMPTY;
        }
        boolean oneCurrency =
                gpu.size() == 1 && cost.revenue().byCurrency().keySet().equals(gpu.keySet());
        return new RowCostColumns(
                String.join("; ", gpu.keySet()),
                amounts(cost.gpuCost()),
                amounts(cost.costPerMtokOutput()),
                amounts(cost.costPerMtokGoodOutput()),
                oneCurrency ? amounts(cost.margin()) : "",
                scraped(cost, ScrapedCoverage::minutes),
                scraped(cost, ScrapedCoverage::scrapedMinutes),
                scraped(cost, ScrapedCoverage::replicaMinutes));
    }

    private static String scraped(CostOfTokens cost, ToLongFunction<ScrapedCoverage> count) {
        return cost.scraped().any() ? Long.toString(count.applyAsLong(cost.scraped())) : "";
    }

    private static String amounts(Costs costs) {
        return costs.byCurrency().values().stream().map(MoneyFormat::exact).collect(Collectors.joining("; "));
    }
}
