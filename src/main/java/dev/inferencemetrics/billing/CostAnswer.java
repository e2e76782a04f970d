package dev.inferencemetrics.billing;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A window's cost of tokens as the API answers it; amounts are exact decimal strings by currency. */
record CostAnswer(
        String deployment,
        Instant from,
        Instant to,

        @Schema(description = "false while no GPU cost is set for the deployment: the GPU cost is then unknown")
        boolean costKnown,

        @Schema(
                description = "GPUs × replicas × price per GPU-hour × hours, summed over the cost periods up to now;"
                        + " replicas × hours are the scraped replica-hours where the replicas come from scrapes")
        Map<String, String> gpuCost,

        long outputTokens,

        @Schema(description = "GPU cost ÷ output tokens × 10⁶ (to a millionth); empty without output tokens")
        Map<String, String> costPerMtokOutput,

        @Schema(
                description = "output tokens of the requests that met the deployment's goodput SLO (counted at"
                        + " ingest; rollups stored before goodput was counted add none)")
        long goodOutputTokens,

        @Schema(
                description = "GPU cost ÷ good output tokens × 10⁶ (to a millionth): what a token delivered within"
                        + " SLO cost to make; empty without good output tokens")
        Map<String, String> costPerMtokGoodOutput,

        @Schema(description = "input and output tokens × the token prices in effect, as the usage export bills them")
        Map<String, String> revenue,

        @Schema(description = "revenue − GPU cost; negative where the GPUs cost more")
        Map<String, String> margin,

        @Schema(description = "the deployment's GPU costs, oldest first")
        List<GpuCostPeriod> gpuCosts,

        @Schema(
                description = "where a GPU cost reads its replicas from scrapes: the minutes of the window costed so"
                        + " (those that have ended), the minutes among them in which any engine replica answered a"
                        + " scrape, and the replica-minutes counted (GPU cost of those minutes = replica-minutes ÷ 60"
                        + " × GPUs per replica × price per GPU-hour); fewer minutes seen than costed: the GPU cost"
                        + " covers only the minutes seen. Null when no minute was costed from scrapes.",
                nullable = true)
        @Nullable
        ScrapedCoverage scrapedReplicas) {

    static CostAnswer of(String deployment, CostOfTokens cost, List<GpuCostPeriod> history) {
        return new CostAnswer(
                deployment,
                cost.from(),
                cost.to(),
                cost.costKnown(),
                exact(cost.gpuCost()),
                cost.outputTokens(),
                exact(cost.costPerMtokOutput()),
                cost.goodOutputTokens(),
                exact(cost.costPerMtokGoodOutput()),
                exact(cost.revenue()),
                exact(cost.margin()),
                history,
                cost.scraped().any() ? cost.scraped() : null);
    }

    static Map<String, String> exact(Costs costs) {
        Map<String, String> amounts = new LinkedHashMap<>();
        costs.byCurrency().forEach((currency, amount) -> amounts.put(currency, MoneyFormat.exact(amount)));
        return amounts;
    }
}
