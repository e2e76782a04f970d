package dev.inferencemetrics.billing.ui;

import dev.inferencemetrics.billing.BillingTenant;
import dev.inferencemetrics.billing.UsageGrouping;
import dev.inferencemetrics.billing.UsagePeriod;
import org.jspecify.annotations.Nullable;

/** What the Usage page shows: a period, for one tenant or (operators) all of them, summed as the grouping says. */
record UsageSelection(UsagePeriod period, @Nullable BillingTenant tenant, UsageGrouping grouping) {

    @Nullable
    Long tenantId() {
        return tenant == null ? null : tenant.id();
    }

    String fileName(String extension) {
        return "usage-" + (tenant == null ? "all" : tenant.slug()) + UsageGrouping.fileNamePart(grouping) + "-"
                + period.from() + "-" + period.lastDay() + "." + extension;
    }
}
