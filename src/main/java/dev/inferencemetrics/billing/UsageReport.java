package dev.inferencemetrics.billing;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * What the Usage page shows for a period: overall totals and one line per day. The lines per deployment are read a
 * page at a time ({@link UsageService#deployments}), since a tenant may run thousands of deployments.
 */
public record UsageReport(UsagePeriod period, UsageTotals total, List<DailyUsage> days) {

    public UsageReport {
        days = List.copyOf(days);
    }

    public record DeploymentUsage(
            String tenant, String tenantName, String deployment, String deploymentName, UsageTotals total) {}

    public record DailyUsage(LocalDate day, UsageTotals total) {}

    /** Sums rows per deployment, in the order the deployments first appear. */
    static List<DeploymentUsage> perDeployment(List<UsageRow> rows) {
        Map<String, DeploymentUsage> byDeployment = new LinkedHashMap<>();
        for (UsageRow row : rows) {
            byDeployment.compute(
                    row.deployment(),
                    (slug, sum) -> new DeploymentUsage(
                            row.tenant(),
                            row.tenantName(),
                            row.deployment(),
                            row.deploymentName(),
                            plus(sum == null ? null : sum.total(), row)));
        }
        return List.copyOf(byDeployment.values());
    }

    private static UsageTotals plus(@Nullable UsageTotals sum, UsageRow row) {
        return (sum == null ? UsageTotals.NONE : sum).plus(row);
    }

    /** Folds rows (in any order) into the report. */
    static final class Builder {

        private final UsagePeriod period;
        private UsageTotals total = UsageTotals.NONE;
        private final Map<LocalDate, UsageTotals> byDay = new TreeMap<>();

        Builder(UsagePeriod period) {
            this.period = period;
        }

        void add(UsageRow row) {
            total = total.plus(row);
            byDay.compute(row.day(), (day, sum) -> plus(sum, row));
        }

        UsageReport build() {
            List<DailyUsage> days = new ArrayList<>();
            byDay.forEach((day, sum) -> days.add(new DailyUsage(day, sum)));
            return new UsageReport(period, total, days);
        }
    }
}
