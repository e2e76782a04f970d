package dev.inferencemetrics.slo;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param budgetPeriod the rolling period an error budget is counted over, a whole number of half hours
 */
@ConfigurationProperties("inference-metrics.slo")
public record SloProperties(Duration budgetPeriod) {

    public SloProperties {
        budgetPeriod = budgetPeriod == null ? Duration.ofDays(28) : budgetPeriod;
        if (budgetPeriod.compareTo(Duration.ofHours(1)) < 0 || budgetPeriod.toSeconds() % 1800 != 0) {
            throw new IllegalArgumentException("the budget period must be whole half hours, at least one hour");
        }
    }
}
