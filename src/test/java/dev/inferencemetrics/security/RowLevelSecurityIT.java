package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.tenancy.DatabaseTenant;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Row-level security by itself, as the application role sees the database: SQL that names no tenant at all still
 * meets only the declared tenant's rows. What the application's own checks do is beside the point here.
 */
class RowLevelSecurityIT extends HttpIntegrationTest {

    /** A row of each table that names tenant B, to be written while tenant A is declared. */
    private static final Map<String, String> FOREIGN_INSERTS = Map.ofEntries(
            Map.entry("tenant", "insert into tenant (slug, name) values ('smuggled-' || :b, 'x')"),
            Map.entry(
                    "app_user",
                    "insert into app_user (tenant_id, username, display_name, password_hash, role)"
                            + " values (:b, 'smuggled-' || :b, 'x', 'x', 'TENANT_ADMIN')"),
            Map.entry(
                    "deployment",
                    "insert into deployment (tenant_id, slug, display_name, model, engine, region)"
                            + " values (:b, 'smuggled-' || :b, 'x', 'm', 'vLLM', 'eu')"),
            Map.entry(
                    "api_key",
                    "insert into api_key (tenant_id, name, prefix, sha256, scopes, created_at)"
                            + " values (:b, 'x', 'imk_smuggled' || :b, sha256('x'), '{ingest}', now())"),
            Map.entry(
                    "request_sample",
                    "insert into request_sample (tenant_id, deployment_id, ts, request_id, status, input_tokens,"
                            + " output_tokens, received_at) values (:b, :bd, now(), 'smuggled', 0, 1, 1, now())"),
            Map.entry("kv_sample", "insert into kv_sample values (:b, :bd, 'smuggled', now(), 1)"),
            Map.entry(
                    "request_rollup",
                    "insert into request_rollup values (:b, :bd, 60, now(), 1, 1, 1, 1, '\\x00', '\\x00', '\\x00')"),
            Map.entry(
                    "dimension_rollup",
                    "insert into dimension_rollup (tenant_id, deployment_id, dimension, value, resolution_s, bucket,"
                            + " requests, ok_requests, input_tokens, output_tokens, ttft, itl, e2e)"
                            + " values (:b, :bd, 'consumer', 'smuggled', 60, now(), 1, 1, 1, 1, '\\x00', '\\x00',"
                            + " '\\x00')"),
            Map.entry(
                    "dimension_rollup_delta",
                    "insert into dimension_rollup_delta (tenant_id, deployment_id, dimension, value, resolution_s,"
                            + " bucket, requests, ok_requests, input_tokens, output_tokens, ttft, itl, e2e)"
                            + " values (:b, :bd, 'consumer', 'smuggled', 60, now(), 1, 1, 1, 1, '\\x00', '\\x00',"
                            + " '\\x00')"),
            Map.entry(
                    "dimension_batch",
                    "insert into dimension_batch (tenant_id, deployment_id, first_ts, last_ts)"
                            + " values (:b, :bd, now(), now())"),
            Map.entry("dimension_code", "insert into dimension_code values (:b, :bd, 'consumer', 1, 'smuggled')"),
            Map.entry(
                    "dimension_value",
                    "insert into dimension_value values (:b, :bd, 'consumer', current_date, 'smuggled')"),
            Map.entry(
                    "kv_rollup",
                    "insert into kv_rollup values (:b, :bd, 60, date_trunc('minute', now()) - interval '1 day',"
                            + " 1, 1, 1, 1)"),
            Map.entry(
                    "deployment_price",
                    "insert into deployment_price (tenant_id, deployment_id, effective_from, price_input_per_mtok,"
                            + " price_output_per_mtok, currency) values (:b, :bd, '2100-01-01', 1, 1, 'USD')"),
            Map.entry(
                    "deployment_gpu_cost",
                    "insert into deployment_gpu_cost (tenant_id, deployment_id, effective_from, gpus_per_replica,"
                            + " replicas, price_per_gpu_hour, currency) values (:b, :bd, '2100-01-01', 1, 1, 1, 'USD')"),
            Map.entry(
                    "deployment_goodput",
                    "insert into deployment_goodput (tenant_id, deployment_id, ttft_ms, changed_at)"
                            + " values (:b, :bd, 1, now())"),
            Map.entry(
                    "tenant_billing",
                    "insert into tenant_billing values (:b, 'UTC')"
                            + " on conflict (tenant_id) do update set time_zone = 'UTC'"),
            Map.entry(
                    "deployment_otlp_name",
                    "insert into deployment_otlp_name values (:b, :bd, 'service', 'smuggled-' || :b)"),
            Map.entry(
                    "scrape_target",
                    "insert into scrape_target (tenant_id, deployment_id, url, replica, created_at, next_scrape_at)"
                            + " values (:b, :bd, 'http://smuggled', 'smuggled', now(), now())"),
            Map.entry(
                    "engine_gauge_rollup",
                    "insert into engine_gauge_rollup values (:b, :bd, 'running', 60,"
                            + " date_trunc('minute', now()) - interval '1 day', 1, 1, 1, 1)"),
            Map.entry(
                    "engine_replica_rollup",
                    "insert into engine_replica_rollup values (:b, :bd, 60,"
                            + " date_trunc('minute', now()) - interval '1 day', 1, 2, 2)"),
            Map.entry(
                    "engine_latency_rollup",
                    "insert into engine_latency_rollup values (:b, :bd, 'ttft', 60,"
                            + " date_trunc('minute', now()) - interval '1 day', '{1}', '{1}')"),
            Map.entry(
                    "audit_event",
                    "insert into audit_event (occurred_at, kind, tenant_id, actor, detail)"
                            + " values (now(), 'SIGN_IN_FAILED', :b, 'x', 'forged')"),
            Map.entry(
                    "slo_objective",
                    "insert into slo_objective (tenant_id, deployment_id, kind, target_pct, threshold_ms)"
                            + " values (:b, :bd, 'E2E', 95, 1000)"),
            Map.entry(
                    "alert_rule",
                    "insert into alert_rule (tenant_id, deployment_id, name, kind, severity, threshold, clear_below,"
                            + " long_window_s) values (:b, :bd, 'smuggled', 'KV_MEAN', 'PAGE', 90, 80, 300)"),
            Map.entry(
                    "alert",
                    "insert into alert (tenant_id, deployment_id, rule_id, state, pending_since, value, peak_value)"
                            + " values (:b, :bd, 0, 'PENDING', now(), 1, 1)"),
            Map.entry(
                    "alert_silence",
                    "insert into alert_silence (tenant_id, deployment_id, ends_at, reason, created_by, created_at)"
                            + " values (:b, :bd, now() + interval '1 hour', 'smuggled', 'x', now())"),
            Map.entry(
                    "annotation",
                    "insert into annotation (tenant_id, deployment_id, starts_at, body, created_by, created_at)"
                            + " values (:b, :bd, now(), 'smuggled', 'x', now())"),
            Map.entry(
                    "notification_channel",
                    "insert into notification_channel (tenant_id, name, kind, target, created_at)"
                            + " values (:b, 'smuggled', 'EMAIL', 'x@example.com', now())"),
            Map.entry(
                    "notification_delivery",
                    "insert into notification_delivery (tenant_id, alert_id, channel_id, event, payload, created_at,"
                            + " next_attempt_at) values (:b, 0, 0, 'FIRING', '{}', now(), now())"));

    @Autowired
    JdbcTemplate application;

    @Autowired
    TransactionTemplate transaction;

    @Autowired
    DatabaseTenant databaseTenant;

    @Autowired
    OwnerJdbc owner;

    TenantWithData a;
    TenantWithData b;
    long bDeployment;

    @BeforeAll
    void twoTenantsWithRowsEverywhere() {
        a = TenantWithData.create(context, api, "rls-a");
        b = TenantWithData.create(context, api, "rls-b");
        // both tenants' batches folded into dimension rollups, then more batches of each that wait, and a delta of
        // each as an earlier version appended them
        context.getBean(DimensionDeltaFold.class).foldWaiting();
        Instant now = context.getBean(Clock.class).instant();
        for (TenantWithData tenant : List.of(a, b)) {
            TenantWithData.ingestNamingConsumer(api, tenant.key(), tenant.deployment(), "later", 10, now);
            owner.jdbc()
                    .update(
                            "insert into dimension_rollup_delta select r.* from dimension_rollup r"
                                    + " join deployment d on d.id = r.deployment_id where d.slug = ? limit 1",
                            tenant.deployment());
        }
        bDeployment =
                owner.jdbc().queryForObject("select id from deployment where slug = ?", Long.class, b.deployment());
    }

    @Test
    void both_tenants_have_rows_in_every_tenant_table() {
        for (String table : tables()) {
            for (TenantWithData tenant : List.of(a, b)) {
                assertThat(owner.jdbc().queryForObject(countOf(table, "="), Long.class, tenant.id()))
                        .as("%s rows of %s", table, tenant.tenant().id())
                        .isPositive();
            }
        }
    }

    @Test
    void a_transaction_that_declares_no_tenant_sees_no_rows_at_all() {
        for (String table : tables()) {
            Long visible = transaction.execute(
                    status -> application.queryForObject("select count(*) from " + table, Long.class));
            assertThat(visible).as(table).isZero();
        }
    }

    @Test
    void without_a_transaction_nothing_is_visible_either() {
        for (String table : tables()) {
            assertThat(application.queryForObject("select count(*) from " + table, Long.class))
                    .as(table)
                    .isZero();
        }
    }

    @Test
    void a_tenant_sees_its_own_rows_and_none_of_another_tenants_in_every_table() {
        for (String table : tables()) {
            List<Long> counts = transaction.execute(status -> {
                databaseTenant.declare(TenantScope.tenant(a.id()));
                return List.of(
                        application.queryForObject(countOf(table, "="), Long.class, a.id()),
                        application.queryForObject(countOf(table, "<>"), Long.class, a.id()));
            });
            assertThat(counts).as(table).satisfies(own -> assertThat(own.get(0)).isPositive());
            assertThat(counts.get(1)).as("%s rows of other tenants", table).isZero();
        }
    }

    @Test
    void a_tenant_cannot_insert_rows_of_another_tenant_into_any_table() {
        assertThat(FOREIGN_INSERTS.keySet()).containsExactlyInAnyOrderElementsOf(tables());
        FOREIGN_INSERTS.forEach((table, insert) -> {
            String sql = insert.replace(":bd", Long.toString(bDeployment)).replace(":b", Long.toString(b.id()));
            assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
                        databaseTenant.declare(TenantScope.tenant(a.id()));
                        application.update(sql);
                    }))
                    .as(table)
                    .isInstanceOf(DataAccessException.class)
                    .rootCause()
                    .hasMessageContaining("row-level security");
        });
    }

    @Test
    void a_tenant_can_neither_change_nor_delete_another_tenants_rows() {
        int[] touched = transaction.execute(status -> {
            databaseTenant.declare(TenantScope.tenant(a.id()));
            return new int[] {
                application.update("update deployment set display_name = 'taken over' where tenant_id = ?", b.id()),
                application.update("update api_key set revoked_at = now() where tenant_id = ?", b.id()),
                application.update("delete from request_rollup where tenant_id = ?", b.id()),
                application.update("delete from tenant_billing where tenant_id = ?", b.id())
            };
        });

        assertThat(touched).containsOnly(0);
        assertThat(owner.jdbc()
                        .queryForObject(
                                "select display_name from deployment where slug = ?", String.class, b.deployment()))
                .isNotEqualTo("taken over");
    }

    @Test
    void a_tenant_cannot_hand_its_rows_to_another_tenant() {
        assertThatThrownBy(() -> transaction.executeWithoutResult(status -> {
                    databaseTenant.declare(TenantScope.tenant(a.id()));
                    application.update("update api_key set tenant_id = ? where tenant_id = ?", b.id(), a.id());
                }))
                .isInstanceOf(DataAccessException.class)
                .rootCause()
                .hasMessageContaining("row-level security");
    }

    @Test
    void all_tenants_is_a_declaration_too_and_sees_both() {
        Long tenants = transaction.execute(status -> {
            databaseTenant.declare(TenantScope.allTenants());
            return application.queryForObject(
                    "select count(distinct tenant_id) from deployment where tenant_id in (?, ?)",
                    Long.class,
                    a.id(),
                    b.id());
        });

        assertThat(tenants).isEqualTo(2);
    }

    @Test
    void a_tenant_cannot_be_declared_outside_a_transaction() {
        assertThatIllegalStateException().isThrownBy(() -> databaseTenant.declare(TenantScope.tenant(a.id())));
    }

    private List<String> tables() {
        return TenantTables.all(owner.jdbc());
    }

    private static String countOf(String table, String comparison) {
        return "select count(*) from " + table + " where " + TenantTables.tenantColumn(table) + " " + comparison + " ?";
    }
}
