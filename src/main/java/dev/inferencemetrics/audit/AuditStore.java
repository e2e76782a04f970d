package dev.inferencemetrics.audit;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code audit_event}; callers declare the tenant first. */
@Repository
class AuditStore {

    private final JdbcClient jdbc;

    AuditStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(
            Instant at,
            AuditKind kind,
            @Nullable Long tenantId,
            String actor,
            @Nullable String clientAddress,
            String detail) {
        jdbc.sql("""
                        insert into audit_event (occurred_at, kind, tenant_id, actor, client_address, detail)
                        values (?, ?, ?, ?, ?, ?)""")
                .param(Timestamp.from(at))
                .param(kind.name())
                .param(tenantId)
                .param(actor)
                .param(clientAddress)
                .param(detail)
                .update();
    }

    /** The entries the query asks for, newest first. */
    List<AuditEntry> search(AuditQuery query) {
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
}
