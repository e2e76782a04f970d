package dev.inferencemetrics.otlp;

import dev.inferencemetrics.api.ApiProblem;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * The bytes of OTLP export bodies being read, decoded and stored at once, per tenant and in all. A call reserves its
 * body's size before reading it (the declared length, or the body limit when the length is not known in advance),
 * keeps what it read until its spans are stored, and is refused at once when the reservation does not fit.
 */
@Component
@EnableConfigurationProperties(OtlpLimits.class)
class DecodingBudget {

    private static final String RETRY_AFTER_SECONDS = "1";

    private final int perTenantKib;
    private final Semaphore total;
    private final Map<Long, Semaphore> tenants = new ConcurrentHashMap<>();

    DecodingBudget(OtlpLimits limits) {
        this.perTenantKib = kib(limits.decodingPerTenant().toBytes());
        this.total = new Semaphore(kib(limits.decodingTotal().toBytes()));
    }

    /**
     * @throws ApiProblem 429 when the tenant's share is taken, 503 when the whole budget is, each with Retry-After
     */
    Share reserve(long tenantId, long bytes) {
        Semaphore tenant = tenants.computeIfAbsent(tenantId, id -> new Semaphore(perTenantKib));
        int wanted = Math.min(kib(bytes), perTenantKib);
        if (!tenant.tryAcquire(wanted)) {
            throw refused(
                    HttpStatus.TOO_MANY_REQUESTS,
                    "This tenant's OTLP exports being decoded at once are over its budget; nothing was stored."
                            + " Retry later.");
        }
        if (!total.tryAcquire(wanted)) {
            tenant.release(wanted);
            throw refused(
                    HttpStatus.SERVICE_UNAVAILABLE,
                    "The server is decoding as many OTLP exports as it can hold; nothing was stored. Retry later.");
        }
        return new Share(tenant, wanted);
    }

    private static ApiProblem refused(HttpStatus status, String detail) {
        ApiProblem problem = new ApiProblem(status, detail);
        problem.getHeaders().set(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        return problem;
    }

    private static int kib(long bytes) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, (bytes + 1023) / 1024));
    }

    /** One call's reservation; given back when the call ends. */
    final class Share implements AutoCloseable {

        private final Semaphore tenant;
        private int held;

        private Share(Semaphore tenant, int held) {
            this.tenant = tenant;
            this.held = held;
        }

        /** Gives back what the call reserved beyond the body it read. */
        void shrinkTo(long bytes) {
            int excess = held - Math.min(held, kib(bytes));
            release(excess);
        }

        @Override
        public void close() {
            release(held);
        }

        private void release(int kib) {
            held -= kib;
            tenant.release(kib);
            total.release(kib);
        }
    }
}
