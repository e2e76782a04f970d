package dev.inferencemetrics.billing;

/** Sums of usage rows: counts, tokens and exact input and output costs per currency. */
public record UsageTotals(
        long requests, long okRequests, long inputTokens, long outputTokens, Costs inputCost, Costs outputCost) {

    public static final UsageTotals NONE = new UsageTotals(0, 0, 0, 0, Costs.NONE, Costs.NONE);

    public UsageTotals plus(UsageRow row) {
        String currency = row.price().currency();
        return new UsageTotals(
                Math.addExact(requests, row.requests()),
                Math.addExact(okRequests, row.okRequests()),
                Math.addExact(inputTokens, row.inputTokens()),
                Math.addExact(outputTokens, row.outputTokens()),
                inputCost.plus(currency, row.inputCost()),
                outputCost.plus(currency, row.outputCost()));
    }

    public Costs cost() {
        return inputCost.plus(outputCost);
    }
}
