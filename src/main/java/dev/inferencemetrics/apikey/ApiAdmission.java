package dev.inferencemetrics.apikey;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;

/**
 * Decides whether an API call may go ahead now: each key has a request rate, each tenant a number of ingest calls in
 * flight. A call turned away stored nothing and may simply be resent after the wait this service names.
 */
@Service
@EnableConfigurationProperties(ApiLimits.class)
public class ApiAdmission {

    private final KeyRateLimiter rates;
    private final TenantIngestLimiter ingests;
    private final Counter rateLimited;
    private final Counter concurrencyLimited;

    ApiAdmission(ApiLimits limits, Clock clock, MeterRegistry meters) {
        this.rates = new KeyRateLimiter(limits.requestsPerSecondPerKey(), limits.burstPerKey(), clock);
        this.ingests = new TenantIngestLimiter(limits.concurrentIngestsPerTenant());
        this.rateLimited = throttled(meters, "rate-limit");
        this.concurrencyLimited = throttled(meters, "concurrency-limit");
    }

    /** Empty when the key may make a call now; otherwise how long it should wait. */
    Optional<Duration> admitCall(ApiClient client) {
        Optional<Duration> wait = rates.tryAcquire(client.keyId());
        wait.ifPresent(w -> rateLimited.increment());
        return wait;
    }

    /** Whether the tenant may start one more ingest call; if so, {@link #ingestDone} must follow. */
    boolean admitIngest(ApiClient client) {
        boolean admitted = ingests.tryAcquire(client.tenantId());
        if (!admitted) {
            concurrencyLimited.increment();
        }
        return admitted;
    }

    void ingestDone(ApiClient client) {
        ingests.release(client.tenantId());
    }

    /** Ingest calls of a tenant in flight right now. */
    public int ingestsInFlight(long tenantId) {
        return ingests.inFlight(tenantId);
    }

    private static Counter throttled(MeterRegistry meters, String reason) {
        return Counter.builder("inference.metrics.api.throttled")
                .description("API calls answered 429, by the limit they hit")
                .tag("reason", reason)
                .register(meters);
    }
}
