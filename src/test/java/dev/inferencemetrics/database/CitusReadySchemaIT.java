package dev.inferencemetrics.database;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The schema keeps the path past one PostgreSQL open: with Citus, every table with a {@code tenant_id} is either
 * distributed by it, colocated with the others, or a listed reference table (copied to every node). Citus then
 * requires of a distributed table what this test reads from the catalog of plain PostgreSQL: the distribution column
 * is never null, the primary key and every unique index include it, and a foreign key to another distributed table
 * joins on it; and a reference table has no foreign key to a distributed one. Tables added later are checked too: a
 * new table with a {@code tenant_id} is distributed unless it is listed here with its reason.
 */
@IntegrationTest
class CitusReadySchemaIT {

    /** Reference tables: small, read with nearly every query, or unique across tenants; each with its reason. */
    static final Map<String, String> REFERENCE_TABLES = Map.of(
            "tenant", "one row a tenant, joined by every listing; has no tenant_id but is the tenants themselves",
            "app_user", "operators belong to no tenant (tenant_id null); usernames are unique across tenants",
            "api_key", "operator keys belong to no tenant; a key is found by its prefix before its tenant is known",
            "deployment", "slugs are unique across tenants (they are in URLs); a few thousand rows joined everywhere",
            "deployment_price", "a handful of rows a deployment, joined by every usage export",
            "tenant_billing", "one row a tenant",
            "deployment_gpu_cost", "a handful of rows a deployment, joined by every usage export",
            "notification_channel", "operators' channels belong to no tenant (tenant_id null)",
            "audit_event", "operators' and sign-in events belong to no tenant (tenant_id null); written rarely");

    @Autowired
    OwnerJdbc owner;

    @Test
    void every_table_with_a_tenant_column_is_distributed_by_it_or_a_listed_reference_table() {
        List<String> withTenant = tablesWithTenantColumn();

        assertThat(withTenant)
                .as("the distributed tables the schema has today, at least")
                .contains("request_sample", "kv_sample", "request_rollup", "kv_rollup")
                .contains("engine_gauge_rollup", "engine_latency_rollup", "scrape_target", "deployment_otlp_name")
                .contains("slo_objective", "alert_rule", "alert", "alert_silence", "notification_delivery");
        assertThat(REFERENCE_TABLES.keySet())
                .as("every listed reference table exists")
                .allMatch(table -> table.equals("tenant") || withTenant.contains(table));
    }

    @Test
    void a_distributed_tables_tenant_column_is_never_null() {
        assertThat(distributed()).allSatisfy(table -> assertThat(owner.jdbc()
                        .queryForObject(
                                "select attnotnull from pg_attribute where attrelid = ('public.' || ?)::regclass"
                                        + " and attname = 'tenant_id'",
                                Boolean.class,
                                table))
                .as(table)
                .isTrue());
    }

    @Test
    void a_distributed_tables_primary_key_and_unique_indexes_include_its_tenant_column() {
        List<String> problems = new ArrayList<>();
        for (String table : distributed()) {
            if (owner.jdbc()
                            .queryForObject(
                                    "select count(*) from pg_index where indrelid = ('public.' || ?)::regclass"
                                            + " and indisprimary",
                                    Long.class,
                                    table)
                    == 0) {
                problems.add(table + " has no primary key");
            }
            problems.addAll(owner.jdbc().queryForList("""
                            select ? || ': unique index ' || i.indexrelid::regclass::text || ' lacks tenant_id'
                              from pg_index i
                             where i.indrelid = ('public.' || ?)::regclass and i.indisunique
                               and not exists (select 1 from pg_attribute a
                                                where a.attrelid = i.indrelid and a.attname = 'tenant_id'
                                                  and a.attnum = any (i.indkey::smallint[]))""", String.class, table, table));
        }

        assertThat(problems).isEmpty();
    }

    @Test
    void foreign_keys_between_distributed_tables_join_on_the_tenant_column() {
        List<String> distributed = distributed();
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> key : foreignKeys()) {
            String from = (String) key.get("from_table");
            String to = (String) key.get("to_table");
            boolean fromDistributed = distributed.contains(from);
            boolean toDistributed = distributed.contains(to);
            if (REFERENCE_TABLES.containsKey(from) && toDistributed) {
                problems.add(key.get("name") + ": the reference table " + from + " points at the distributed " + to);
            }
            if (fromDistributed && toDistributed && !Boolean.TRUE.equals(key.get("joins_on_tenant"))) {
                problems.add(key.get("name") + ": " + from + " → " + to + " does not join tenant_id to tenant_id");
            }
        }

        assertThat(problems).isEmpty();
    }

    private List<String> distributed() {
        return tablesWithTenantColumn().stream()
                .filter(table -> !REFERENCE_TABLES.containsKey(table))
                .toList();
    }

    private List<String> tablesWithTenantColumn() {
        return owner.jdbc().queryForList("""
                select c.relname from pg_class c
                 where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
                   and exists (select 1 from pg_attribute a
                                where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
                 order by c.relname""", String.class);
    }

    /** Foreign keys of the schema's tables (partitions' copies left out), and whether tenant_id maps to tenant_id. */
    private List<Map<String, Object>> foreignKeys() {
        return owner.jdbc().queryForList("""
                select con.conname as name, src.relname as from_table, dst.relname as to_table,
                       exists (select 1 from unnest(con.conkey, con.confkey) as k(local, remote)
                                 join pg_attribute la on la.attrelid = con.conrelid and la.attnum = k.local
                                 join pg_attribute ra on ra.attrelid = con.confrelid and ra.attnum = k.remote
                                where la.attname = 'tenant_id' and ra.attname = 'tenant_id') as joins_on_tenant
                  from pg_constraint con
                  join pg_class src on src.oid = con.conrelid
                  join pg_class dst on dst.oid = con.confrelid
                 where con.contype = 'f' and src.relnamespace = 'public'::regnamespace and not src.relispartition
                   and con.conparentid = 0""");
    }
}
