package dev.inferencemetrics.billing;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * The usage of one deployment on one billing day at one price: a line an invoice is built from. A day on which
 * the deployment's price changed has one row per price. Costs are exact.
 */
public record UsageRow(
        String tenant,
        String tenantName,
        ZoneId timeZone,
        String deployment,
        String deploymentName,
        LocalDate day,
        long requests,
        long okRequests,
        long inputTokens,
        long outputTokens,
        TokenPrice price) {

    public BigDecimal inputCost() {
        return price.inputCost(inputTokens);
    }

    public BigDecimal outputCost() {
        return price.outputCost(outputTokens);
    }

    public BigDecimal cost() {
        return inputCost().add(outputCost());
    }
}
