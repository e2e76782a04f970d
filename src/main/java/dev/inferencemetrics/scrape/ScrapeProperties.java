package dev.inferencemetrics.scrape;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How this instance scrapes: whether at all, how many targets at once, how often it looks for due ones, and the
 * largest answer it reads.
 */
@ConfigurationProperties("inference-metrics.scrape")
public record ScrapeProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("64") int concurrency,
        @DefaultValue("PT0.5S") Duration poll,
        @DefaultValue("8388608") int maxBytes) {}
