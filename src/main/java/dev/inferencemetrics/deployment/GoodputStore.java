package dev.inferencemetrics.deployment;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The table {@code deployment_goodput}; callers declare the tenant first. Ingest reads a deployment's row under a
 * key-share lock and a change takes it for update, so a batch is counted wholly with the thresholds before a change
 * or wholly with those after it.
 */
@Repository
class GoodputStore {

    private static final String KEY =
            " from deployment_goodput where tenant_id = :tenant and deployment_id = :deployment";

    private static final String COLUMNS = "select ttft_ms, tpot_ms, e2el_ms, counted_from, changed_at";

    private static final RowMapper<DeploymentGoodput> MAPPER = (rs, n) -> new DeploymentGoodput(
            new GoodputSlo(millis(rs, "ttft_ms"), millis(rs, "tpot_ms"), millis(rs, "e2el_ms")),
            instant(rs.getTimestamp("counted_from")),
            rs.getTimestamp("changed_at").toInstant());

    private final JdbcClient jdbc;

    GoodputStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<DeploymentGoodput> read(DeploymentRef deployment) {
        return key(jdbc.sql(COLUMNS + KEY), deployment).query(MAPPER).optional();
    }

    /** The row, locked against a change until the caller's transaction ends; a change waits for it. */
    Optional<DeploymentGoodput> readSharing(DeploymentRef deployment) {
        return key(jdbc.sql(COLUMNS + KEY + " for key share"), deployment)
                .query(MAPPER)
                .optional();
    }

    /** The row, locked until the caller's transaction ends: ingest of the deployment waits. */
    Optional<DeploymentGoodput> readForChange(DeploymentRef deployment) {
        return key(jdbc.sql(COLUMNS + KEY + " for update"), deployment)
                .query(MAPPER)
                .optional();
    }

    /** Stores the row unless one is there already (another transaction may have stored it first). */
    void insertIfAbsent(DeploymentRef deployment, GoodputSlo slo, @Nullable Instant countedFrom, Instant now) {
        thresholds(key(jdbc.sql("""
                                        insert into deployment_goodput (tenant_id, deployment_id, ttft_ms, tpot_ms, e2el_ms,
                                                                        counted_from, changed_at)
                                        values (:tenant, :deployment, :ttft, :tpot, :e2el, :countedFrom, :changedAt)
                                        on conflict do nothing"""), deployment), slo)
                .param("countedFrom", timestamp(countedFrom))
                .param("changedAt", Timestamp.from(now))
                .update();
    }

    void update(DeploymentRef deployment, GoodputSlo slo, @Nullable Instant countedFrom, Instant now) {
        thresholds(key(jdbc.sql("""
                                        update deployment_goodput
                                           set ttft_ms = :ttft, tpot_ms = :tpot, e2el_ms = :e2el,
                                               counted_from = :countedFrom, changed_at = :changedAt
                                         where tenant_id = :tenant and deployment_id = :deployment"""), deployment), slo)
                .param("countedFrom", timestamp(countedFrom))
                .param("changedAt", Timestamp.from(now))
                .update();
    }

    void updateCountedFrom(DeploymentRef deployment, @Nullable Instant countedFrom) {
        key(
                        jdbc.sql("update deployment_goodput set counted_from = :countedFrom"
                                + " where tenant_id = :tenant and deployment_id = :deployment"),
                        deployment)
                .param("countedFrom", timestamp(countedFrom))
                .update();
    }

    private static JdbcClient.StatementSpec key(JdbcClient.StatementSpec statement, DeploymentRef deployment) {
        return statement.param("tenant", deployment.tenantId()).param("deployment", deployment.id());
    }

    private static JdbcClient.StatementSpec thresholds(JdbcClient.StatementSpec statement, GoodputSlo slo) {
        return statement
                .param("ttft", decimal(slo.ttftMs()))
                .param("tpot", decimal(slo.tpotMs()))
                .param("e2el", decimal(slo.e2elMs()));
    }

    private static @Nullable BigDecimal decimal(@Nullable Double ms) {
        return ms == null ? null : BigDecimal.valueOf(ms);
    }

    private static @Nullable Double millis(ResultSet rs, String column) throws SQLException {
        BigDecimal value = rs.getBigDecimal(column);
        return value == null ? null : value.doubleValue();
    }

    private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }

    private static @Nullable Timestamp timestamp(@Nullable Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }
}
