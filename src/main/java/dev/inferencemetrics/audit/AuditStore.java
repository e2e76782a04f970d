package dev.inferencemetrics.audit;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
                        values (:at, :kind, :tenant, :actor, :clientAddress, :detail)""")
                .param("at", Timestamp.from(at))
                .param("kind", kind.name())
                .param("tenant", tenantId)
                .param("actor", actor)
                .param("clientAddress", clientAddress)
                .param("detail", detail)
                .update();
    }

    /** The entries the query asks for, newest first. */
    List<AuditEntry> search(AuditQuery query) {
        return page(query, 0);
    }

    /**
     * The query's entries from {@code offset} on, at most its limit, newest first; the id breaks ties, so each entry
     * keeps its place from one page to the next.
     */
    List<AuditEntry> page(AuditQuery query, int offset) {
        Map<String, Object> params = new HashMap<>();
        String sql = """
                select e.id, e.occurred_at, e.kind, t.slug, e.actor, e.client_address, e.detail
                  from audit_event e left join tenant t on t.id = e.tenant_id""" + where(query, params) + " order by e.occurred_at desc, e.id desc limit :limit offset :offset";
        params.put("limit", query.limit());
        params.put("offset", offset);
        return jdbc.sql(sql)
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

    /** How many entries the query matches, whatever its limit. */
    int count(AuditQuery query) {
        Map<String, Object> params = new HashMap<>();
        return jdbc.sql("select count(*) from audit_event e" + where(query, params))
                .params(params)
                .query(Integer.class)
                .single();
    }

    /** The query's conditions, their values put into {@code params}. */
    private static String where(AuditQuery query, Map<String, Object> params) {
        StringBuilder sql = new StringBuilder(" where e.occurred_at >= :since");
        params.put("since", Timestamp.from(query.since()));
        if (query.kind() != null) {
            sql.append(" and e.kind = :kind");
            params.put("kind", query.kind().name());
        }
        if (query.tenantId() != null) {
            sql.append(" and e.tenant_id = :tenant");
            params.put("tenant", query.tenantId());
        }
        if (query.actorContains() != null) {
            sql.append(" and strpos(lower(e.actor), lower(:actor)) > 0");
            params.put("actor", query.actorContains());
        }
        return sql.toString();
    }
}
