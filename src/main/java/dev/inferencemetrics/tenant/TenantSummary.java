package dev.inferencemetrics.tenant;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** A tenant as lists and pickers show it; {@code archivedAt} is null while it is active. */
public record TenantSummary(
        long id, String slug, String name, @Nullable Instant archivedAt) {

    public boolean archived() {
        return archivedAt != null;
    }
}
