package dev.inferencemetrics.audit;

import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes and reads the audit log. Entries are written in a transaction of their own, so a failed sign-in is logged
 * although nothing else commits; callers record only what has happened (after their own commit).
 */
@Service
public class AuditLog {

    private static final int MAX_DETAIL = 1_000;

    private final AuditStore store;
    private final CurrentActor currentActor;
    private final Clock clock;

    AuditLog(AuditStore store, CurrentActor currentActor, Clock clock) {
        this.store = store;
        this.currentActor = currentActor;
        this.clock = clock;
    }

    /**
     * Records what the current user or API client did, from the address of the current request. Entries belong to any
     * tenant or none (an operator's own), so the log writes across tenants; it only ever inserts.
     */
    @AcrossTenants
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void record(AuditKind kind, @Nullable Long tenantId, String detail) {
        insert(kind, tenantId, currentActor.name(), currentActor.clientAddress(), detail);
    }

    @AcrossTenants
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void record(
            AuditKind kind, @Nullable Long tenantId, String actor, @Nullable String clientAddress, String detail) {
        insert(kind, tenantId, actor, clientAddress, detail);
    }

    private void insert(
            AuditKind kind, @Nullable Long tenantId, String actor, @Nullable String clientAddress, String detail) {
        store.insert(
                clock.instant(),
                kind,
                tenantId,
                clip(actor, 120),
                clientAddress == null ? null : clip(clientAddress, 64),
                clip(detail, MAX_DETAIL));
    }

    /** Who is acting on this thread, as the log names them: a username, an API key's prefix, or the system. */
    public String actorName() {
        return currentActor.name();
    }

    /** Operators only: the log spans every tenant. */
    @Transactional(readOnly = true)
    public List<AuditEntry> search(TenantScope scope, AuditQuery query) {
        scope.requireOperator("Only operators read the audit log.");
        return store.search(query);
    }

    private static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
