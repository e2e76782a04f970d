package dev.inferencemetrics.billing;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * What the Usage page shows for a period: overall totals and one line per day. The lines per deployment are read a
 * page at a time ({@link UsageService#deployments}), since a tenant may run thousands of deployments. Each total
 * carries its GPU cost for operators ({@link UsageTotals#gpu}), none for tenants.
 */
public record UsageReport(UsagePeriod period, UsageTotals total, List<DailyUsage> days) {

    public UsageReport {
        days = List.copyOf(days);
    }

    public record DeploymentUsage(
            String tenant, String tenantName, String deployment, String deploymentName, UsageTotals total) {}

    public record DailyUsage(LocalDate day, UsageTotals total) {}

    /** Sums rows per deployment, in the order the deployments first appear, with each row's cost if given. */
    static List<DeploymentUsage> perDeployment(List<UsageRow> rows, Function<UsageRow, @Nullable CostOfTokens> costs) {
        Map<String, DeploymentUsage> byDeployment = new LinkedHashMap<>();
        for (UsageRow row : rows) {
            byDeployment.compute(
                    row.deployment(),
                    (slug, sum) -> new DeploymentUsage(
                            row.tenant(),
                            row.tenantName(),
                            row.deployment(),
                            row.deploymentName(),
                            plus(sum == null ? null : sum.total(), row, costs.apply(row))));
        }
        return List.copyOf(byDeployment.values());
    }

    private static UsageTotals plus(@Nullable UsageTotals sum, UsageRow row, @Nullable CostOfTokens cost) {
        return (sum == null ? UsageTotals.NONE : sum).plus(row, cost);
    }

    /** Folds rows (in any order) into the report. */
    static final class Builder {

        private final UsagePeriod period;
        private UsageTotals total = UsageTotals.NONE;
        private final Map<LocalDate, UsageTotals> byDay = new TreeMap<>();

        Builder(UsagePeriod period) {
            this.period = period;
        }

        void add(UsageRow row, @Nullable CostOfTokens cost) {
            total = total.plus(row, cost);
            byDay.compute(row.day(), (day, sum) -> plus(sum, row, cost));
        }

        UsageReport build() {
            List<DailyUsage> days = new ArrayList<>();
            byDay.forEach((day, sum) -> days.add(new DailyUsage(day, sum)));
            return new UsageReport(period, total, days);
        }
    }
}
