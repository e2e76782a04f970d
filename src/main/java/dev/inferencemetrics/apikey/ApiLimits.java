package dev.inferencemetrics.apikey;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Back-pressure on the API, so one client cannot starve the others.
 *
 * @param requestsPerSecondPerKey sustained calls per second one API key (or one signed-in user) may make
 * @param burstPerKey calls one key may make at once after a quiet spell (the token bucket's size)
 * @param concurrentIngestsPerTenant writes of one tenant in flight at once (ingest calls and every other change, such
 *     as annotations), over all its keys and sessions
 * @param concurrentReadsPerTenant reads (GET) of one tenant in flight at once, over all its keys and sessions; an
 *     operator's reads count as a tenant of their own
 * @param readsPerSecondPerTenant sustained reads per second of one tenant, over all its keys and sessions
 * @param readBurstPerTenant reads one tenant may make at once after a quiet spell
 */
@ConfigurationProperties("inference-metrics.limits")
public record ApiLimits(
        double requestsPerSecondPerKey,
        int burstPerKey,
        int concurrentIngestsPerTenant,
        int concurrentReadsPerTenant,
        double readsPerSecondPerTenant,
        int readBurstPerTenant) {

    public ApiLimits {
        concurrentReadsPerTenant = concurrentReadsPerTenant <= 0 ? 4 : concurrentReadsPerTenant;
        readsPerSecondPerTenant = readsPerSecondPerTenant <= 0 ? 100 : readsPerSecondPerTenant;
        readBurstPerTenant = readBurstPerTenant <= 0 ? 200 : readBurstPerTenant;
        requestsPerSecondPerKey = requestsPerSecondPerKey <= 0 ? 50 : requestsPerSecondPerKey;
        burstPerKey = burstPerKey <= 0 ? 100 : burstPerKey;
        concurrentIngestsPerTenant = concurrentIngestsPerTenant <= 0 ? 16 : concurrentIngestsPerTenant;
    }
}
