package dev.inferencemetrics.apikey;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;

/**
 * Decides whether an API call may go ahead now: each key and each signed-in user has a request rate; each tenant a
 * read rate, a number of reads and a number of writes (ingest calls and every other change) in flight. A call turned away stored nothing and may
 * simply be resent after the wait this service names.
 */
@Service
@EnableConfigurationProperties(ApiLimits.class)
public class ApiAdmission {

    static final String OVER_RATE = "This API key or user is over its request rate; nothing was done. Retry later.";
    static final String WRITES_IN_FLIGHT =
            "Too many ingest calls or other writes of this tenant are in flight; nothing was stored. Retry later.";
    static final Duration RETRY_IN_FLIGHT = Duration.ofSeconds(1);

    private final KeyRateLimiter keyRates;
    private final KeyRateLimiter sessionRates;
    private final KeyRateLimiter tenantReadRates;
    private final TenantCallLimiter writes;
    private final TenantCallLimiter reads;
    private final Counter rateLimited;
    private final Counter concurrencyLimited;

    ApiAdmission(ApiLimits limits, Clock clock, MeterRegistry meters) {
        this.keyRates = new KeyRateLimiter(limits.requestsPerSecondPerKey(), limits.burstPerKey(), clock);
        this.sessionRates = new KeyRateLimiter(limits.requestsPerSecondPerKey(), limits.burstPerKey(), clock);
        this.tenantReadRates = new KeyRateLimiter(limits.readsPerSecondPerTenant(), limits.readBurstPerTenant(), clock);
        this.writes = new TenantCallLimiter(limits.concurrentIngestsPerTenant());
        this.reads = new TenantCallLimiter(limits.concurrentReadsPerTenant());
        this.rateLimited = throttled(meters, "rate-limit");
        this.concurrencyLimited = throttled(meters, "concurrency-limit");
    }

    /** Empty when the key or user may make a call now; otherwise how long it should wait. */
    Optional<Duration> admitCall(CallShare share) {
        Optional<Duration> wait = (share.session() ? sessionRates : keyRates).tryAcquire(share.callerId());
        wait.ifPresent(w -> rateLimited.increment());
        return wait;
    }

    /** Empty when the tenant's share may read now; otherwise how long it should wait. */
    Optional<Duration> admitReadRate(CallShare share) {
        Optional<Duration> wait = tenantReadRates.tryAcquire(share.shareId());
        wait.ifPresent(w -> rateLimited.increment());
        return wait;
    }

    /** Whether the tenant may start one more write (ingest or other); if so, {@link #writeDone} must follow. */
    boolean admitWrite(CallShare share) {
        return counted(writes.tryAcquire(share.shareId()));
    }

    void writeDone(CallShare share) {
        writes.release(share.shareId());
    }

    /** Whether the tenant may start one more read; if so, {@link #readDone} must follow. */
    boolean admitRead(CallShare share) {
        return counted(reads.tryAcquire(share.shareId()));
    }

    void readDone(CallShare share) {
        reads.release(share.shareId());
    }

    /**
     * Admits a write by an API key that arrives outside the HTTP filters (OTLP over gRPC), under the same key rate
     * and tenant writes in flight as the HTTP API. Empty when admitted, and then {@link #keyWriteDone} must follow;
     * otherwise why not and how long to wait.
     */
    public Optional<Refusal> admitKeyWrite(ApiClient client) {
        CallShare share = Objects.requireNonNull(CallShare.of(client), "an API key always has a share");
        Optional<Duration> wait = admitCall(share);
        if (wait.isPresent()) {
            return Optional.of(new Refusal(wait.get(), OVER_RATE));
        }
        return admitWrite(share) ? Optional.empty() : Optional.of(new Refusal(RETRY_IN_FLIGHT, WRITES_IN_FLIGHT));
    }

    public void keyWriteDone(ApiClient client) {
        writeDone(Objects.requireNonNull(CallShare.of(client), "an API key always has a share"));
    }

    /** Why a call was turned away, and when it may be resent; nothing of it was done. */
    public record Refusal(Duration retryAfter, String reason) {}

    /** Writes of a tenant in flight right now: ingest calls and every other change. */
    public int ingestsInFlight(long tenantId) {
        return writes.inFlight(tenantId);
    }

    /** Reads of a tenant in flight right now. */
    public int readsInFlight(long tenantId) {
        return reads.inFlight(tenantId);
    }

    private boolean counted(boolean admitted) {
        if (!admitted) {
            concurrencyLimited.increment();
        }
        return admitted;
    }

    private static Counter throttled(MeterRegistry meters, String reason) {
        return Counter.builder("inference.metrics.api.throttled")
                .description("API calls answered 429, by the limit they hit")
                .tag("reason", reason)
                .register(meters);
    }
}
