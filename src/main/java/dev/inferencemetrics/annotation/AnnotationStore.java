package dev.inferencemetrics.annotation;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The annotation table; callers have declared their tenant, so row-level security guards every statement. */
@Repository
class AnnotationStore {

    private static final String COLUMNS = "a.id, d.slug, a.starts_at, a.ends_at, a.body, a.tags, a.created_by,"
            + " a.created_at from annotation a join deployment d on d.tenant_id = a.tenant_id and d.id ="
            + " a.deployment_id";

    private final JdbcClient jdbc;

    AnnotationStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long insert(long tenantId, long deploymentId, AnnotationDraft draft, String by, Instant now) {
        return jdbc.sql("""
                        insert into annotation (tenant_id, deployment_id, starts_at, ends_at, body, tags, created_by,
                                                created_at)
                        values (?, ?, ?, ?, ?, ?::text[], ?, ?) returning id""")
                .param(tenantId)
                .param(deploymentId)
                .param(Timestamp.from(draft.from()))
                .param(draft.to() == null ? null : Timestamp.from(draft.to()))
                .param(draft.text())
                .param(draft.tags().toArray(String[]::new))
                .param(by)
                .param(Timestamp.from(now))
                .query(Long.class)
                .single();
    }

    /** The deployment's annotations that overlap {@code [from, to)}, oldest first, at most {@code limit}. */
    List<Annotation> overlapping(long tenantId, long deploymentId, Instant from, Instant to, int limit) {
        return jdbc.sql("select " + COLUMNS + " " + """
                         where a.tenant_id = ? and a.deployment_id = ? and a.starts_at < ?
                           and coalesce(a.ends_at, a.starts_at) >= ?
                         order by a.starts_at, a.id limit ?""")
                .params(tenantId, deploymentId, Timestamp.from(to), Timestamp.from(from), limit)
                .query((rs, row) -> annotation(rs))
                .list();
    }

    List<Annotation> byId(long tenantId, long deploymentId, long id) {
        return jdbc.sql("select " + COLUMNS + " where a.tenant_id = ? and a.deployment_id = ? and a.id = ?")
                .params(tenantId, deploymentId, id)
                .query((rs, row) -> annotation(rs))
                .list();
    }

    boolean delete(long tenantId, long deploymentId, long id) {
        return jdbc.sql("delete from annotation where tenant_id = ? and deployment_id = ? and id = ?")
                        .params(tenantId, deploymentId, id)
                        .update()
                > 0;
    }

    private static Annotation annotation(ResultSet rs) throws SQLException {
        Timestamp ends = rs.getTimestamp("ends_at");
        Array tags = rs.getArray("tags");
        return new Annotation(
                rs.getLong("id"),
                rs.getString("slug"),
                rs.getTimestamp("starts_at").toInstant(),
                ends == null ? null : ends.toInstant(),
                rs.getString("body"),
                List.of((String[]) tags.getArray()),
                rs.getString("created_by"),
                rs.getTimestamp("created_at").toInstant());
    }
}
