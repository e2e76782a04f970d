package dev.inferencemetrics.scrape;

import dev.inferencemetrics.tenancy.TenantOwned;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** A target this instance holds the lease of, with what a scrape needs: where, how, and the previous counters. */
record ClaimedTarget(
        long tenantId,
        long id,
        long deploymentId,
        String url,
        String replica,
        Duration interval,
        Duration timeout,
        @Nullable String bearerToken,
        @Nullable CounterMemory memory,
        int failures)
        implements TenantOwned {}
