package dev.inferencemetrics.billing;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The GPU cost behind a usage row: the deployment's GPU cost over the row's day (in the tenant's time zone) while the
 * row's token price was in effect, up to now. A day, or the part of a day under one price, without any request has
 * no usage row, so its GPU cost is in no row either. Replicas read from scrapes count up to the last minute that has
 * ended.
 */
final class UsageRowCosts {

    private final Map<String, List<PricePeriod>> prices;
    private final Map<String, List<GpuCostPeriod>> gpuCosts;
    private final Map<String, ScrapedReplicas> scraped;
    private final Instant now;

    /** @param scraped by deployment slug, what scrapes saw of the replicas of those whose GPU cost reads them */
    UsageRowCosts(
            Map<String, List<PricePeriod>> prices,
            Map<String, List<GpuCostPeriod>> gpuCosts,
            Map<String, ScrapedReplicas> scraped,
            Instant now) {
        this.prices = prices;
        this.gpuCosts = gpuCosts;
        this.scraped = scraped;
        this.now = now;
    }

    CostOfTokens of(UsageRow row) {
        Instant dayStart = row.day().atStartOfDay(row.timeZone()).toInstant();
        Instant dayEnd = row.day().plusDays(1).atStartOfDay(row.timeZone()).toInstant();
        Instant end = dayEnd.isAfter(now) ? now : dayEnd;
        List<GpuCostPeriod> costs = gpuCosts.getOrDefault(row.deployment(), List.of());
        List<PricePeriod> history = prices.getOrDefault(row.deployment(), List.of());
        ScrapedReplicas replicas = scraped.getOrDefault(row.deployment(), ScrapedReplicas.NONE);
        CostOfTokens.GpuSpend gpuCost = CostOfTokens.GpuSpend.NONE;
        for (int i = 0; i < history.size(); i++) {
            if (history.get(i).price().equals(row.price())) {
                Instant from = history.get(i).effectiveFrom();
                Instant to = i + 1 < history.size() ? history.get(i + 1).effectiveFrom() : end;
                Instant spanFrom = from.isAfter(dayStart) ? from : dayStart;
                Instant spanTo = to.isBefore(end) ? to : end;
                if (spanFrom.isBefore(spanTo)) {
                    gpuCost = gpuCost.plus(CostOfTokens.gpuCost(costs, replicas, spanFrom, spanTo));
                }
            }
        }
        return new CostOfTokens(
                dayStart,
                dayEnd,
                !costs.isEmpty(),
                gpuCost.cost(),
                row.outputTokens(),
                row.goodOutputTokens(),
                Costs.NONE.plus(row.price().currency(), row.cost()),
                gpuCost.scraped());
    }
}
