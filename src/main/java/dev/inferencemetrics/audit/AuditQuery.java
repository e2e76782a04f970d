package dev.inferencemetrics.audit;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * Which entries to list, newest first: since an instant, optionally of one kind, one tenant, and an actor whose
 * name contains some text.
 */
public record AuditQuery(
        Instant since,
        @Nullable AuditKind kind,
        @Nullable Long tenantId,
        @Nullable String actorContains,
        int limit) {

    public static final int MAX_LIMIT = 1_000;

    public AuditQuery {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 1 and " + MAX_LIMIT);
        }
        if (actorContains != null && actorContains.isBlank()) {
            actorContains = null;
        }
    }

    /** The same entries, {@code limit} at a time. */
    public AuditQuery withLimit(int limit) {
        return new AuditQuery(since, kind, tenantId, actorContains, limit);
    }
}
