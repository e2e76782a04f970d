package dev.inferencemetrics.apikey;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Back-pressure on the API, so one client cannot starve the others.
 *
 * @param requestsPerSecondPerKey sustained calls per second one API key may make
 * @param burstPerKey calls one key may make at once after a quiet spell (the token bucket's size)
 * @param concurrentIngestsPerTenant ingest calls of one tenant in flight at once, over all its keys
 */
@ConfigurationProperties("inference-metrics.limits")
public record ApiLimits(double requestsPerSecondPerKey, int burstPerKey, int concurrentIngestsPerTenant) {

    public ApiLimits {
        requestsPerSecondPerKey = requestsPerSecondPerKey <= 0 ? 50 : requestsPerSecondPerKey;
        burstPerKey = burstPerKey <= 0 ? 100 : burstPerKey;
        concurrentIngestsPerTenant = concurrentIngestsPerTenant <= 0 ? 16 : concurrentIngestsPerTenant;
    }
}
