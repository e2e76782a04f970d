package dev.inferencemetrics.deployment;

import dev.inferencemetrics.tenancy.DatabaseTenant;
import dev.inferencemetrics.tenancy.TenantScope;
import java.util.List;
import java.util.Locale;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Finds the deployments of a scope by text in one statement, so a fleet of thousands is listed without a read per
 * deployment; the text is matched in PostgreSQL, so only the matching deployments are read any further.
 */
@Service
public class DeploymentSearch {

    private static final String FIND = "select " + DeploymentService.REF_COLUMNS + """
            , t.slug as tenant_slug, t.name as tenant_name
              from deployment d join tenant t on t.id = d.tenant_id
             where (cast(? as bigint) is null or d.tenant_id = ?)
               and (? or (d.archived_at is null and t.archived_at is null))
               and strpos(lower(d.display_name || ' ' || d.slug || ' ' || d.model || ' ' || d.engine || ' '
                                || t.name || ' ' || t.slug), ?) > 0""";

    private final JdbcClient jdbc;
    private final DatabaseTenant databaseTenant;

    DeploymentSearch(JdbcClient jdbc, DatabaseTenant databaseTenant) {
        this.jdbc = jdbc;
        this.databaseTenant = databaseTenant;
    }

    /**
     * The deployments the scope covers whose name, slug, model, engine or tenant contains {@code text} (any case; an
     * empty text matches all); archived ones (or those of archived tenants) only when asked for. Unordered.
     */
    @Transactional(readOnly = true)
    public List<ListedDeployment> find(TenantScope scope, String text, boolean includeArchived) {
        databaseTenant.declare(scope);
        Long tenantId =
                switch (scope) {
                    case TenantScope.AllTenants all -> null;
                    case TenantScope.SingleTenant tenant -> tenant.tenantId();
                };
        return jdbc.sql(FIND)
                .param(tenantId)
                .param(tenantId)
                .param(includeArchived)
                .param(text.trim().toLowerCase(Locale.ROOT))
                .query((rs, row) -> new ListedDeployment(
                        DeploymentService.ref(rs), rs.getString("tenant_slug"), rs.getString("tenant_name")))
                .list();
    }
}
