package dev.inferencemetrics.security;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Access to the operational endpoints under {@code /actuator}.
 *
 * @param scrapeToken the bearer token a Prometheus scraper presents for {@code /actuator/prometheus}; unset means
 *     only signed-in operators may read the service's own metrics
 */
@ConfigurationProperties("inference-metrics.management")
public record ManagementProperties(@Nullable String scrapeToken) {}
