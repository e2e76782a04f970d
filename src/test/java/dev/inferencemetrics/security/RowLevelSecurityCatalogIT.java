package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

/** The catalog says what the isolation rests on: forced row-level security everywhere, and a role held by it. */
@IntegrationTest
class RowLevelSecurityCatalogIT {

    @Autowired
    JdbcTemplate application;

    @Autowired
    OwnerJdbc owner;

    @Test
    void every_table_of_the_schema_is_tenant_owned_or_a_listed_exception() {
        List<String> tables = owner.jdbc()
                .queryForList(
                        "select relname from pg_class where relnamespace = 'public'::regnamespace"
                                + " and relkind in ('r', 'p') and not relispartition",
                        String.class);

        assertThat(tables)
                .containsExactlyInAnyOrderElementsOf(
                        concat(TenantTables.all(owner.jdbc()), TenantTables.NOT_TENANT_OWNED));
        assertThat(TenantTables.all(owner.jdbc()))
                .contains("tenant", "app_user", "deployment", "api_key", "request_sample", "kv_sample")
                .contains("request_rollup", "kv_rollup", "deployment_price", "tenant_billing")
                .contains("deployment_otlp_name", "scrape_target", "engine_gauge_rollup", "engine_latency_rollup")
                .contains("engine_replica_rollup");
    }

    @Test
    void every_tenant_table_has_row_level_security_enabled_and_forced_with_a_policy() {
        for (String table : TenantTables.all(owner.jdbc())) {
            Map<String, Object> flags = owner.jdbc()
                    .queryForMap(
                            "select relrowsecurity, relforcerowsecurity,"
                                    + " (select count(*) from pg_policy where polrelid = c.oid) as policies"
                                    + " from pg_class c where oid = ('public.' || ?)::regclass",
                            table);
            assertThat(flags)
                    .as(table)
                    .containsEntry("relrowsecurity", true)
                    .containsEntry("relforcerowsecurity", true);
            assertThat((Long) flags.get("policies")).as(table).isPositive();
        }
    }

    @Test
    void the_application_role_is_no_superuser_bypasses_nothing_and_owns_nothing() {
        Map<String, Object> role = application.queryForMap("""
                select rolname, rolsuper, rolbypassrls, rolcreaterole, rolcreatedb,
                       (select count(*) from pg_class where relowner = r.oid) as owned,
                       pg_has_role(current_user, (select relowner from pg_class where oid = 'public.tenant'::regclass),
                                   'member') as member_of_owner
                  from pg_roles r where rolname = current_user""");

        assertThat(role)
                .containsEntry("rolname", "inference_metrics_app")
                .containsEntry("rolsuper", false)
                .containsEntry("rolbypassrls", false)
                .containsEntry("rolcreaterole", false)
                .containsEntry("rolcreatedb", false)
                .containsEntry("owned", 0L)
                .containsEntry("member_of_owner", false);
    }

    @Test
    void the_application_role_cannot_reach_partitions_or_the_migration_history_directly() {
        List<String> reachable = owner.jdbc().queryForList("""
                        select c.relname from pg_class c
                         where c.relnamespace = 'public'::regnamespace
                           and (c.relispartition or c.relname = 'flyway_schema_history')
                           and (has_table_privilege('inference_metrics_app', c.oid, 'select')
                                or has_table_privilege('inference_metrics_app', c.oid, 'insert')
                                or has_table_privilege('inference_metrics_app', c.oid, 'update')
                                or has_table_privilege('inference_metrics_app', c.oid, 'delete'))""", String.class);
        long partitions = owner.jdbc()
                .queryForObject(
                        "select count(*) from pg_class where relnamespace = 'public'::regnamespace and relispartition",
                        Long.class);

        assertThat(partitions).isPositive();
        assertThat(reachable).isEmpty();
    }

    @Test
    void the_application_role_may_not_truncate_or_alter_tenant_tables() {
        for (String table : TenantTables.all(owner.jdbc())) {
            assertThat(owner.jdbc()
                            .queryForObject(
                                    "select has_table_privilege('inference_metrics_app', ('public.' || ?)::regclass,"
                                            + " 'truncate') or has_table_privilege('inference_metrics_app',"
                                            + " ('public.' || ?)::regclass, 'trigger')",
                                    Boolean.class,
                                    table,
                                    table))
                    .as(table)
                    .isFalse();
        }
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
    }
}
