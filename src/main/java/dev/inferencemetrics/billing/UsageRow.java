package dev.inferencemetrics.billing;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneId;

/**
 * The usage of one deployment on one billing day at one price: a line an invoice is built from. A day on which
 * the deployment's price changed has one row per price. Costs are exact. The goodput counts are those of the
 * Metrics tab: the requests judged against the goodput SLO at ingest and their output tokens (all requests, unless
 * some were stored before goodput was counted), and the good ones among them with theirs.
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
        long countedRequests,
        long goodRequests,
        long countedOutputTokens,
        long goodOutputTokens,
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
