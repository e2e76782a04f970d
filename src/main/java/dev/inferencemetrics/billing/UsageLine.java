package dev.inferencemetrics.billing;

import java.time.LocalDate;
import java.time.ZoneId;
import org.jspecify.annotations.Nullable;

/**
 * The usage of one consumer or adapter as a {@link UsageGrouping} sums it: on one deployment or on all of a tenant's,
 * over a billing day or the whole period. A line of a day in an export holds one currency, and, when it is of one
 * deployment, one price; its costs are the exact sums of its tokens at the deployments' prices.
 */
public record UsageLine(
        String tenant,
        String tenantName,
        ZoneId timeZone,
        UsageValue value,
        @Nullable String deployment,
        @Nullable String deploymentName,
        @Nullable LocalDate day,
        @Nullable TokenPrice price,
        @Nullable String currency,
        UsageTotals total) {

    /** The line of one row: its deployment and price where per deployment, its day and currency where daily. */
    static UsageLine of(ValueUsageRow valueRow, UsageGrouping grouping, boolean daily) {
        UsageRow row = valueRow.usage();
        boolean perDeployment = grouping.perDeployment();
        return new UsageLine(
                row.tenant(),
                row.tenantName(),
                row.timeZone(),
                new UsageValue(valueRow.value()),
                perDeployment ? row.deployment() : null,
                perDeployment ? row.deploymentName() : null,
                daily ? row.day() : null,
                daily && perDeployment ? row.price() : null,
                daily ? row.price().currency() : null,
                UsageTotals.NONE.plus(row));
    }

    /** Whether the row belongs to this line: the same tenant, value, deployment, day, price and currency. */
    boolean holds(UsageLine other) {
        return withoutTotal().equals(other.withoutTotal());
    }

    UsageLine plus(UsageRow row) {
        return new UsageLine(
                tenant, tenantName, timeZone, value, deployment, deploymentName, day, price, currency, total.plus(row));
    }

    private UsageLine withoutTotal() {
        return new UsageLine(
                tenant,
                tenantName,
                timeZone,
                value,
                deployment,
                deploymentName,
                day,
                price,
                currency,
                UsageTotals.NONE);
    }
}
