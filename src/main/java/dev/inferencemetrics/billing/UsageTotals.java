package dev.inferencemetrics.billing;

import org.jspecify.annotations.Nullable;

/**
 * Sums of usage rows: counts, tokens and exact input and output costs per currency; the goodput counts (requests
 * judged against the goodput SLO, the good ones, and their output tokens); and, for operators only, what the rows'
 * tokens cost to make ({@code gpu}: GPU cost, revenue, margin, cost per million output and good output tokens),
 * null where it is not shown.
 */
public record UsageTotals(
        long requests,
        long okRequests,
        long inputTokens,
        long outputTokens,
        Costs inputCost,
        Costs outputCost,
        long countedRequests,
        long goodRequests,
        long countedOutputTokens,
        long goodOutputTokens,
        @Nullable CostOfTokens gpu) {

    public static final UsageTotals NONE = new UsageTotals(0, 0, 0, 0, Costs.NONE, Costs.NONE, 0, 0, 0, 0, null);

    public UsageTotals plus(UsageRow row) {
        return plus(row, null);
    }

    /** These totals with the row added, and its GPU cost where given. */
    public UsageTotals plus(UsageRow row, @Nullable CostOfTokens rowCost) {
        String currency = row.price().currency();
        return new UsageTotals(
                Math.addExact(requests, row.requests()),
                Math.addExact(okRequests, row.okRequests()),
                Math.addExact(inputTokens, row.inputTokens()),
                Math.addExact(outputTokens, row.outputTokens()),
                inputCost.plus(currency, row.inputCost()),
                outputCost.plus(currency, row.outputCost()),
                Math.addExact(countedRequests, row.countedRequests()),
                Math.addExact(goodRequests, row.goodRequests()),
                Math.addExact(countedOutputTokens, row.countedOutputTokens()),
                Math.addExact(goodOutputTokens, row.goodOutputTokens()),
                rowCost == null ? gpu : gpu == null ? rowCost : gpu.plus(rowCost));
    }

    /** These totals and {@code other}'s together. */
    public UsageTotals plus(UsageTotals other) {
        return new UsageTotals(
                Math.addExact(requests, other.requests),
                Math.addExact(okRequests, other.okRequests),
                Math.addExact(inputTokens, other.inputTokens),
                Math.addExact(outputTokens, other.outputTokens),
                inputCost.plus(other.inputCost),
                outputCost.plus(other.outputCost),
                Math.addExact(countedRequests, other.countedRequests),
                Math.addExact(goodRequests, other.goodRequests),
                Math.addExact(countedOutputTokens, other.countedOutputTokens),
                Math.addExact(goodOutputTokens, other.goodOutputTokens),
                other.gpu == null ? gpu : gpu == null ? other.gpu : gpu.plus(other.gpu));
    }

    public Costs cost() {
        return inputCost.plus(outputCost);
    }

    /** Good ÷ judged requests in percent; null without judged requests. */
    public @Nullable Double goodputPct() {
        return percent(goodRequests, countedRequests);
    }

    /** Output tokens of good requests ÷ all output tokens of the judged requests, in percent; null without any. */
    public @Nullable Double tokenGoodputPct() {
        return percent(goodOutputTokens, countedOutputTokens);
    }

    private static @Nullable Double percent(long part, long whole) {
        return whole == 0 ? null : 100.0 * part / whole;
    }
}
