package dev.inferencemetrics.audit;

import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Writes and reads the audit log. An entry is written in the caller's transaction, on its connection, so it commits
 * with the change it describes or not at all, and a call never holds a second pooled connection for it (a pool of n
 * would stall once n calls each held one and waited for another). Without a transaction (a failed sign-in, say) the
 * entry is a transaction of its own.
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
    @Transactional
    public void record(AuditKind kind, @Nullable Long tenantId, String detail) {
        insert(kind, tenantId, currentActor.name(), currentActor.clientAddress(), detail);
    }

    @AcrossTenants
    @Transactional
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

    /** One page of the query's entries, newest first, from {@code offset} on: its limit is the page's length. */
    @Transactional(readOnly = true)
    public List<AuditEntry> page(TenantScope scope, AuditQuery query, int offset) {
        scope.requireOperator("Only operators read the audit log.");
        if (offset < 0) {
            throw new IllegalArgumentException("A page starts at 0 or later.");
        }
        return store.page(query, offset);
    }

    /** How many entries the query matches, whatever its limit (operators only). */
    @Transactional(readOnly = true)
    public int count(TenantScope scope, AuditQuery query) {
        scope.requireOperator("Only operators read the audit log.");
        return store.count(query);
    }

    private static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
