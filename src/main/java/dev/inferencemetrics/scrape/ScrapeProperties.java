package dev.inferencemetrics.scrape;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How this instance scrapes: whether at all, how many targets at once, how often it looks for due ones, the largest
 * answer it reads (bytes and series), how many of the scrapes at once one tenant's targets may take, and how many
 * targets one tenant may have.
 */
@ConfigurationProperties("inference-metrics.scrape")
public record ScrapeProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("64") int concurrency,
        @DefaultValue("PT0.5S") Duration poll,
        @DefaultValue("8388608") int maxBytes,
        @DefaultValue("10000") int maxSeries,
        @DefaultValue("16") int tenantConcurrency,
        @DefaultValue("200") int maxTargetsPerTenant) {

    public ScrapeProperties {
        if (concurrency < 1 || tenantConcurrency < 1 || maxSeries < 1 || maxBytes < 1 || maxTargetsPerTenant < 1) {
            throw new IllegalArgumentException("the scrape limits must be at least 1");
        }
    }

    /** One tenant's share of the scrapes under way: never all of them while there is more than one slot. */
    int tenantShare() {
        return concurrency == 1 ? 1 : Math.min(tenantConcurrency, concurrency - 1);
    }
}
