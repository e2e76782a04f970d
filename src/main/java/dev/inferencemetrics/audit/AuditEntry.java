package dev.inferencemetrics.audit;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/** One event of the audit log, with the tenant it concerns (if any) by slug. */
public record AuditEntry(
        long id,
        Instant occurredAt,
        AuditKind kind,
        @Nullable String tenant,
        String actor,
        @Nullable String clientAddress,
        String detail) {}
