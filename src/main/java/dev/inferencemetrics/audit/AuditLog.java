package dev.inferencemetrics.audit;

import dev.inferencemetrics.tenancy.DatabaseTenant;
import dev.inferencemetrics.tenancy.TenantScope;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.access.AccessDeniedException;
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

    private final JdbcClient jdbc;
    private final DatabaseTenant databaseTenant;
    private final CurrentActor currentActor;
    private final Clock clock;

    AuditLog(JdbcClient jdbc, DatabaseTenant databaseTenant, CurrentActor currentActor, Clock clock) {
        this.jdbc = jdbc;
        this.currentActor = currentActor;
        this.databaseTenant = databaseTenant;
        this.clock = clock;
    }

    /** Records what the current user or API client did, from the address of the current request. */
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void record(AuditKind kind, @Nullable Long tenantId, String detail) {
        insert(kind, tenantId, currentActor.name(), currentActor.clientAddress(), detail);
    }

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void record(
            AuditKind kind, @Nullable Long tenantId, String actor, @Nullable String clientAddress, String detail) {
        insert(kind, tenantId, actor, clientAddress, detail);
    }

    private void insert(
            AuditKind kind, @Nullable Long tenantId, String actor, @Nullable String clientAddress, String detail) {
        databaseTenant.declare(tenantId == null ? TenantScope.allTenants() : TenantScope.tenant(tenantId));
        jdbc.sql("""
                        insert into audit_event (occurred_at, kind, tenant_id, actor, client_address, detail)
                        values (?, ?, ?, ?, ?, ?)""")
                .params(
                        Timestamp.from(clock.instant()),
                        kind.name(),
                        tenantId,
                        clip(actor, 120),
                        clientAddress == null ? null : clip(clientAddress, 64),
                        clip(detail, MAX_DETAIL))
                .update();
    }

    /** Who is acting on this thread, as the log names them: a username, an API key's prefix, or the system. */
    public String actorName() {
        return currentActor.name();
    }

    /** Operators only: the log spans every tenant. */
    @Transactional(readOnly = true)
    public List<AuditEntry> search(TenantScope scope, AuditQuery query) {
        if (!(scope instanceof TenantScope.AllTenants)) {
            throw new AccessDeniedException("Only operators read the audit log.");
        }
        databaseTenant.declare(scope);
        StringBuilder sql = new StringBuilder("""
                select e.id, e.occurred_at, e.kind, t.slug, e.actor, e.client_address, e.detail
                  from audit_event e left join tenant t on t.id = e.tenant_id
                 where e.occurred_at >= ?""");
        List<Object> params = new ArrayList<>(List.of(Timestamp.from(query.since())));
        if (query.kind() != null) {
            sql.append(" and e.kind = ?");
            params.add(query.kind().name());
        }
        if (query.tenantId() != null) {
            sql.append(" and e.tenant_id = ?");
            params.add(query.tenantId());
        }
        if (query.actorContains() != null) {
            sql.append(" and strpos(lower(e.actor), lower(?)) > 0");
            params.add(query.actorContains());
        }
        sql.append(" order by e.occurred_at desc, e.id desc limit ?");
        params.add(query.limit());
        return jdbc.sql(sql.toString())
                .params(params)
                .query((rs, row) -> new AuditEntry(
                        rs.getLong("id"),
                        rs.getTimestamp("occurred_at").toInstant(),
                        AuditKind.valueOf(rs.getString("kind")),
                        rs.getString("slug"),
                        rs.getString("actor"),
                        rs.getString("client_address"),
                        rs.getString("detail")))
                .list();
    }

    private static String clip(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
