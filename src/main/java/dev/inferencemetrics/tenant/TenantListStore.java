package dev.inferencemetrics.tenant;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.List;
import java.util.Locale;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Tenants a page at a time, by name, for the lists that must hold however many tenants there are; row-level security
 * keeps them to the declared scope, so callers declare it first.
 */
@Repository
class TenantListStore {

    /** Tenants whose name or slug contains the text, archived ones only when asked for. */
    private static final String LISTED = """
              from tenant
             where (:archived or archived_at is null)
               and strpos(lower(name || ' ' || slug), :text) > 0""";

    private final JdbcClient jdbc;

    TenantListStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One page, by name and then slug, so each tenant keeps its place from one page to the next. */
    List<TenantSummary> page(String text, boolean includeArchived, int offset, int limit) {
        return jdbc.sql("select id, slug, name, archived_at " + LISTED
                        + " order by lower(name), slug limit :limit offset :offset")
                .param("archived", includeArchived)
                .param("text", text.trim().toLowerCase(Locale.ROOT))
                .param("limit", limit)
                .param("offset", offset)
                .query((rs, row) -> summary(rs))
                .list();
    }

    int count(String text, boolean includeArchived) {
        return jdbc.sql("select count(*) " + LISTED)
                .param("archived", includeArchived)
                .param("text", text.trim().toLowerCase(Locale.ROOT))
                .query(Integer.class)
                .single();
    }

    private static TenantSummary summary(ResultSet rs) throws SQLException {
        Timestamp archived = rs.getTimestamp("archived_at");
        return new TenantSummary(
                rs.getLong("id"),
                rs.getString("slug"),
                rs.getString("name"),
                archived == null ? null : archived.toInstant());
    }
}
