package dev.inferencemetrics.deployment;

import dev.inferencemetrics.tenancy.TenantOwned;
import java.math.BigDecimal;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A deployment as other features need it: identity, owner, SLOs (p95 latencies, the error rate in percent), and
 * whether it or its tenant is archived (null while active). Prices are not here: they have a history, read through
 * the billing feature's {@code PriceService}.
 */
public record DeploymentRef(
        long id,
        long tenantId,
        String slug,
        String displayName,
        String model,
        String engine,
        String region,
        BigDecimal sloTtftP95Ms,
        BigDecimal sloItlP95Ms,
        BigDecimal sloErrorRatePct,
        Instant createdAt,
        @Nullable Instant archivedAt,
        @Nullable Instant tenantArchivedAt)
        implements TenantOwned {

    /** Neither the deployment nor its tenant is archived: it is listed and takes samples. */
    public boolean active() {
        return archivedAt == null && tenantArchivedAt == null;
    }

    /** When it stopped being active: its own archive date, else its tenant's; null while active. */
    public @Nullable Instant inactiveSince() {
        return archivedAt != null ? archivedAt : tenantArchivedAt;
    }
}
