package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.Resolution;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the tokens of a window cost to make and what they earned: the GPU cost (GPUs × replicas × price per GPU-hour ×
 * hours, summed over the cost periods the window covers), the output tokens, the revenue from the token prices, and
 * the margin (revenue − GPU cost). Under a GPU cost whose replicas come from scrapes, the hours × replicas are the
 * replica-hours scrapes counted: the sum over the window's minutes of the engine replicas that answered in each, ÷ 60
 * ({@code scraped} tells how many minutes had any). Amounts in different currencies are kept apart ({@link Costs}). The good output
 * tokens are those of requests that met the goodput SLO (counted at ingest), so the cost per million good tokens is
 * what a token delivered within SLO cost to make.
 *
 * <p>Cost per million output tokens = GPU cost ÷ output tokens × 10⁶, the same as hourly cost ÷ output tokens per
 * hour × 10⁶: at USD 3.00 an hour and 4,000 tokens/s (14,400,000 an hour), USD 0.208333 per million.
 *
 * @param costKnown whether the deployment has any GPU cost set at all (else the GPU cost is unknown, not zero)
 * @param scraped the minutes costed from scraped replicas, and how many of them had a replica answering
 */
public record CostOfTokens(
        Instant from,
        Instant to,
        boolean costKnown,
        Costs gpuCost,
        long outputTokens,
        long goodOutputTokens,
        Costs revenue,
        ScrapedCoverage scraped) {

    /** A cost with no part costed from scrapes. */
    public CostOfTokens(
            Instant from,
            Instant to,
            boolean costKnown,
            Costs gpuCost,
            long outputTokens,
            long goodOutputTokens,
            Costs revenue) {
        this(from, to, costKnown, gpuCost, outputTokens, goodOutputTokens, revenue, ScrapedCoverage.NONE);
    }

    /** A GPU cost and how much of it rests on scraped replicas. */
    record GpuSpend(Costs cost, ScrapedCoverage scraped) {

        static final GpuSpend NONE = new GpuSpend(Costs.NONE, ScrapedCoverage.NONE);

        GpuSpend plus(GpuSpend other) {
            return new GpuSpend(cost.plus(other.cost), scraped.plus(other.scraped));
        }
    }

    /** GPU cost ÷ 3,600 s is carried to this scale: exact whenever it terminates (whole half hours always do). */
    static final int GPU_COST_SCALE = 10;

    /** Cost per million tokens is carried to a millionth of the currency's unit. */
    static final int PER_MILLION_SCALE = 6;

    private static final BigDecimal SECONDS_PER_HOUR = BigDecimal.valueOf(3600);
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    /** Revenue − GPU cost, per currency; negative where the GPUs cost more than the tokens earned. */
    public Costs margin() {
        Costs margin = revenue;
        for (var cost : gpuCost.byCurrency().entrySet()) {
            margin = margin.plus(cost.getKey(), cost.getValue().negate());
        }
        return margin;
    }

    /** GPU cost per million output tokens; empty when no output token was made or no cost is known. */
    public Costs costPerMtokOutput() {
        return perMillion(gpuCost, outputTokens);
    }

    /**
     * GPU cost per million good output tokens (those of requests that met the goodput SLO): the cost of the tokens
     * delivered within SLO, the wasted ones included in the cost. Empty without good tokens or a known cost.
     */
    public Costs costPerMtokGoodOutput() {
        return perMillion(gpuCost, goodOutputTokens);
    }

    /** GPU cost per million of any count of tokens. */
    public Costs costPerMillion(long tokens) {
        return perMillion(gpuCost, tokens);
    }

    /**
     * This cost and another's together, as of one stretch from the earlier start to the later end: GPU costs,
     * tokens and revenue added, the cost known if either's is.
     */
    public CostOfTokens plus(CostOfTokens other) {
        return new CostOfTokens(
                from.isBefore(other.from) ? from : other.from,
                to.isAfter(other.to) ? to : other.to,
                costKnown || other.costKnown,
                gpuCost.plus(other.gpuCost),
                Math.addExact(outputTokens, other.outputTokens),
                Math.addExact(goodOutputTokens, other.goodOutputTokens),
                revenue.plus(other.revenue),
                scraped.plus(other.scraped));
    }

    /** Each amount × 10⁶ ÷ tokens, to {@value #PER_MILLION_SCALE} decimal places (half to even). */
    static Costs perMillion(Costs amounts, long tokens) {
        if (tokens <= 0) {
            return Costs.NONE;
        }
        TreeMap<String, BigDecimal> perMillion = new TreeMap<>();
        amounts.byCurrency()
                .forEach((currency, amount) -> perMillion.put(
                        currency,
                        amount.multiply(MILLION)
                                .divide(BigDecimal.valueOf(tokens), PER_MILLION_SCALE, RoundingMode.HALF_EVEN)));
        return new Costs(perMillion);
    }

    /** {@link #gpuCost(List, ScrapedReplicas, Instant, Instant)} of a history with no scraped replicas read. */
    static Costs gpuCost(List<GpuCostPeriod> history, Instant from, Instant to) {
        return gpuCost(history, ScrapedReplicas.NONE, from, to).cost();
    }

    /**
     * The GPU cost of the history's periods within [{@code from}, {@code to}): each period's hourly cost × the
     * seconds it covers, summed per currency, then ÷ 3,600 once. A period whose replicas come from scrapes costs its
     * replica-minutes × 60 s × the hourly cost of one replica instead (the minutes of it that {@code scraped} holds).
     */
    static GpuSpend gpuCost(List<GpuCostPeriod> history, ScrapedReplicas scraped, Instant from, Instant to) {
        Map<String, BigDecimal> costSeconds = new TreeMap<>();
        ScrapedCoverage coverage = ScrapedCoverage.NONE;
        for (int i = 0; i < history.size(); i++) {
            GpuCostPeriod period = history.get(i);
            Instant periodEnd = i + 1 < history.size() ? history.get(i + 1).effectiveFrom() : to;
            Instant start = later(from, period.effectiveFrom());
            Instant end = earlier(to, periodEnd);
            if (!start.isBefore(end)) {
                continue;
            }
            GpuCost cost = period.cost();
            Integer replicas = cost.replicas();
            long replicaSeconds;
            if (replicas == null) {
                ScrapedCoverage seen = scraped.within(start, end);
                coverage = coverage.plus(seen);
                replicaSeconds = Math.multiplyExact(seen.replicaMinutes(), Resolution.MINUTE.seconds());
            } else {
                replicaSeconds = Math.multiplyExact(Duration.between(start, end).getSeconds(), (long) replicas);
            }
            costSeconds.merge(
                    cost.currency(),
                    cost.perReplicaHour().multiply(BigDecimal.valueOf(replicaSeconds)),
                    BigDecimal::add);
        }
        TreeMap<String, BigDecimal> cost = new TreeMap<>();
        costSeconds.forEach((currency, amount) -> cost.put(
                currency,
                amount.divide(SECONDS_PER_HOUR, GPU_COST_SCALE, RoundingMode.HALF_EVEN)
                        .stripTrailingZeros()));
        return new GpuSpend(new Costs(cost), coverage);
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant earlier(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
