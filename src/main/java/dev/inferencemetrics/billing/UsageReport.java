package dev.inferencemetrics.billing;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/** What the Usage page shows for a period: overall totals, one line per deployment and one per day. */
public record UsageReport(
        UsagePeriod period, UsageTotals total, List<DeploymentUsage> deployments, List<DailyUsage> days) {

    public UsageReport {
        deployments = List.copyOf(deployments);
        days = List.copyOf(days);
    }

    public record DeploymentUsage(
            String tenant, String tenantName, String deployment, String deploymentName, UsageTotals total) {}

    public record DailyUsage(LocalDate day, UsageTotals total) {}

    /** Folds rows (in any order) into the report. */
    static final class Builder {

        private record DeploymentKey(String tenant, String tenantName, String deployment, String deploymentName) {}

        private final UsagePeriod period;
        private UsageTotals total = UsageTotals.NONE;
        private final Map<DeploymentKey, UsageTotals> byDeployment = new LinkedHashMap<>();
        private final Map<LocalDate, UsageTotals> byDay = new TreeMap<>();

        Builder(UsagePeriod period) {
            this.period = period;
        }

        void add(UsageRow row) {
            total = total.plus(row);
            byDeployment.compute(
                    new DeploymentKey(row.tenant(), row.tenantName(), row.deployment(), row.deploymentName()),
                    (key, sum) -> plus(sum, row));
            byDay.compute(row.day(), (day, sum) -> plus(sum, row));
        }

        private static UsageTotals plus(@Nullable UsageTotals sum, UsageRow row) {
            return (sum == null ? UsageTotals.NONE : sum).plus(row);
        }

        UsageReport build() {
            List<DeploymentUsage> deployments = new ArrayList<>();
            byDeployment.forEach((key, sum) -> deployments.add(
                    new DeploymentUsage(key.tenant(), key.tenantName(), key.deployment(), key.deploymentName(), sum)));
            List<DailyUsage> days = new ArrayList<>();
            byDay.forEach((day, sum) -> days.add(new DailyUsage(day, sum)));
            return new UsageReport(period, total, deployments, days);
        }
    }
}
