package dev.inferencemetrics.provisioning;

import dev.inferencemetrics.tenant.TenantSummary;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A tenant as the provisioning API answers it; {@code archivedAt} is null while it is active. */
record TenantAnswer(String slug, String name, @Nullable Instant archivedAt, boolean created) {

    static TenantAnswer of(TenantSummary tenant, boolean created) {
        return new TenantAnswer(tenant.slug(), tenant.name(), tenant.archivedAt(), created);
    }
}
