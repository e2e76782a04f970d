package dev.inferencemetrics.apikey;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;

/**
 * At most {@code limit} calls of one kind (ingest, reads) of one tenant in flight, so one tenant cannot take every
 * database connection.
 */
final class TenantCallLimiter {

    private final int limit;
    private final Map<Long, Semaphore> inFlight = new ConcurrentHashMap<>();

    TenantCallLimiter(int limit) {
        this.limit = limit;
    }

    boolean tryAcquire(long tenantId) {
        return permits(tenantId).tryAcquire();
    }

    void release(long tenantId) {
        permits(tenantId).release();
    }

    int inFlight(long tenantId) {
        return limit - permits(tenantId).availablePermits();
    }

    private Semaphore permits(long tenantId) {
        return inFlight.computeIfAbsent(tenantId, id -> new Semaphore(limit));
    }
}
