package dev.inferencemetrics.security;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;

/** The schema's tenant-owned tables, found in the catalog: every table with a tenant column, and tenant itself. */
final class TenantTables {

    /** Tables that hold no tenant's data, each a deliberate exception. */
    static final List<String> NOT_TENANT_OWNED = List.of(
            "flyway_schema_history",
            // failed sign-ins are counted before anyone's tenant is known, unknown usernames too
            "sign_in_failure",
            // which instance runs a scheduled job: no tenant's data
            "scheduler_lease",
            // the operators' scrape allow-list applies to every tenant's targets
            "scrape_allowed_network",
            // where accounts signed in lately, known before anyone's tenant is, as the failures are
            "sign_in_known_address");

    private TenantTables() {}

    /** Partitions are left out: they are reached only through their parents (the application role has no grant). */
    static List<String> all(JdbcTemplate owner) {
        return owner.queryForList("""
                select c.relname from pg_class c
                 where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
                   and (c.relname = 'tenant' or exists (select 1 from pg_attribute a where a.attrelid = c.oid
                                                          and a.attname = 'tenant_id' and not a.attisdropped))
                 order by c.relname""", String.class);
    }

    /** The column naming a row's tenant. */
    static String tenantColumn(String table) {
        return table.equals("tenant") ? "id" : "tenant_id";
    }
}
