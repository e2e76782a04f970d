package dev.inferencemetrics.deployment;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The reads of the {@code deployment} table that skip the entity machinery (every ingest batch and metrics query
 * looks a deployment up), and the settings kept beside the entity's columns. Callers declare the tenant first.
 */
@Repository
class DeploymentRefStore {

    static final String REF_COLUMNS = """
            d.id, d.tenant_id, d.slug, d.display_name, d.model, d.engine, d.region, d.slo_ttft_p95_ms,
                   d.slo_itl_p95_ms, d.slo_error_rate_pct, d.created_at, d.archived_at, t.archived_at as tenant_archived_at""";

    private static final String REFS = "select " + REF_COLUMNS + """

              from deployment d join tenant t on t.id = d.tenant_id
            """;

    private static final String SEARCH = "select " + REF_COLUMNS + """
            , t.slug as tenant_slug, t.name as tenant_name
              from deployment d join tenant t on t.id = d.tenant_id
             where (cast(? as bigint) is null or d.tenant_id = ?)
               and (? or (d.archived_at is null and t.archived_at is null))
               and strpos(lower(d.display_name || ' ' || d.slug || ' ' || d.model || ' ' || d.engine || ' '
                                || t.name || ' ' || t.slug), ?) > 0""";

    /** Deployments of a tenant (or all, for a null tenant) whose name, slug or tenant contains the text. */
    private static final String LISTED = """
              from deployment d join tenant t on t.id = d.tenant_id
             where (cast(:tenant as bigint) is null or d.tenant_id = :tenant)
               and (:archived or (d.archived_at is null and t.archived_at is null))
               and strpos(lower(d.display_name || ' ' || d.slug || ' ' || t.name || ' ' || t.slug), :text) > 0""";

    private static final String LIST_ITEM = """
            select d.slug, d.display_name, t.name as tenant_name, d.model, d.engine, d.region,
                   coalesce(d.archived_at, t.archived_at) as archived_at""";

    private final JdbcClient jdbc;

    DeploymentRefStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The deployment with this slug, if the declared tenant may see it. */
    Optional<DeploymentRef> bySlug(String slug) {
        return jdbc.sql(REFS + " where d.slug = ?")
                .param(slug)
                .query((rs, row) -> ref(rs))
                .optional();
    }

    /** Every active deployment the declared tenant may see. */
    List<DeploymentRef> active() {
        return jdbc.sql(REFS + " where d.archived_at is null and t.archived_at is null")
                .query((rs, row) -> ref(rs))
                .list();
    }

    /** Row-level security hides other tenants' deployments; this tells "another tenant's" from "none at all". */
    boolean slugExistsInAnyTenant(String slug) {
        return jdbc.sql("select deployment_slug_exists(?)")
                .param(slug)
                .query(Boolean.class)
                .single();
    }

    /** Deployments of the tenant (or of all, for null) whose texts contain {@code text}; archived ones if asked. */
    List<ListedDeployment> search(@Nullable Long tenantId, String text, boolean includeArchived) {
        return jdbc.sql(SEARCH)
                .param(tenantId)
                .param(tenantId)
                .param(includeArchived)
                .param(text.trim().toLowerCase(Locale.ROOT))
                .query((rs, row) ->
                        new ListedDeployment(ref(rs), rs.getString("tenant_slug"), rs.getString("tenant_name")))
                .list();
    }

    /** One page of the listed deployments, by name and then slug, so a page always holds the same rows. */
    List<DeploymentListItem> page(@Nullable Long tenantId, DeploymentFilter filter, int offset, int limit) {
        return jdbc.sql(LIST_ITEM + " " + LISTED
                        + " order by lower(d.display_name), d.slug limit :limit offset :offset")
                .param("tenant", tenantId)
                .param("archived", filter.includeArchived())
                .param("text", filter.text())
                .param("limit", limit)
                .param("offset", offset)
                .query((rs, row) -> listItem(rs))
                .list();
    }

    int count(@Nullable Long tenantId, DeploymentFilter filter) {
        return jdbc.sql("select count(*) " + LISTED)
                .param("tenant", tenantId)
                .param("archived", filter.includeArchived())
                .param("text", filter.text())
                .query(Integer.class)
                .single();
    }

    /** The deployment with this slug as lists show it, if it is the tenant's (any tenant's, for null). */
    Optional<DeploymentListItem> listItem(@Nullable Long tenantId, String slug) {
        return jdbc.sql(LIST_ITEM + " " + """
                 from deployment d join tenant t on t.id = d.tenant_id
                 where d.slug = :slug and (cast(:tenant as bigint) is null or d.tenant_id = :tenant)""")
                .param("slug", slug)
                .param("tenant", tenantId)
                .query((rs, row) -> listItem(rs))
                .optional();
    }

    Optional<Integer> rawRetentionHours(DeploymentRef deployment) {
        return jdbc.sql("select raw_retention_hours from deployment where tenant_id = ? and id = ?")
                .params(deployment.tenantId(), deployment.id())
                .query((rs, row) -> {
                    int hours = rs.getInt(1);
                    return rs.wasNull() ? null : hours;
                })
                .optional();
    }

    void setRawRetentionHours(DeploymentRef deployment, @Nullable Integer hours) {
        jdbc.sql("update deployment set raw_retention_hours = ? where tenant_id = ? and id = ?")
                .param(hours)
                .param(deployment.tenantId())
                .param(deployment.id())
                .update();
    }

    static DeploymentRef ref(ResultSet rs) throws SQLException {
        return new DeploymentRef(
                rs.getLong("id"),
                rs.getLong("tenant_id"),
                rs.getString("slug"),
                rs.getString("display_name"),
                rs.getString("model"),
                rs.getString("engine"),
                rs.getString("region"),
                rs.getBigDecimal("slo_ttft_p95_ms"),
                rs.getBigDecimal("slo_itl_p95_ms"),
                rs.getBigDecimal("slo_error_rate_pct"),
                rs.getTimestamp("created_at").toInstant(),
                instant(rs.getTimestamp("archived_at")),
                instant(rs.getTimestamp("tenant_archived_at")));
    }

    private static DeploymentListItem listItem(ResultSet rs) throws SQLException {
        return new DeploymentListItem(
                rs.getString("slug"),
                rs.getString("display_name"),
                rs.getString("tenant_name"),
                rs.getString("model"),
                rs.getString("engine"),
                rs.getString("region"),
                instant(rs.getTimestamp("archived_at")));
    }

    private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
