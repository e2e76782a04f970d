package dev.inferencemetrics.alert;

import dev.inferencemetrics.rollup.FleetKeys;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Alerts: the open one of each rule, and the history. */
@Repository
class AlertStore {

    private static final String SUMMARY = """
            select a.id as alert_id, t.slug as tenant_slug, t.name as tenant_name, d.slug as deployment_slug,
                   d.display_name as deployment_name, a.state, a.pending_since,
                   a.fired_at, a.resolved_at, a.value, a.peak_value, a.reason, a.silenced, a.acknowledged_by, a.acknowledged_at,
                   r.id, r.tenant_id, r.deployment_id, r.name, r.kind, r.objective, r.severity, r.threshold,
                   r.clear_below, r.long_window_s, r.short_window_s, r.for_s, r.enabled
              from alert a join alert_rule r on r.tenant_id = a.tenant_id and r.id = a.rule_id
                   join deployment d on d.id = a.deployment_id join tenant t on t.id = a.tenant_id
             where a.pending_since < :to and coalesce(a.resolved_at, 'infinity') >= :from""";

    private static final String COUNT = """
            select count(*)
              from alert a join deployment d on d.id = a.deployment_id join tenant t on t.id = a.tenant_id
             where a.pending_since < :to and coalesce(a.resolved_at, 'infinity') >= :from""";

    private static final String OPEN_COLUMNS = "id, rule_id, state, pending_since, fired_at, peak_value, silenced";

    private final JdbcClient jdbc;

    AlertStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** These deployments' pending and firing alerts: by deployment id, then by rule id. */
    Map<Long, Map<Long, OpenAlert>> openOf(FleetKeys deployments) {
        Map<Long, Map<Long, OpenAlert>> byDeployment = new HashMap<>();
        jdbc.sql("select deployment_id, " + OPEN_COLUMNS
                        + " from alert where tenant_id = any(:tenantIds) and deployment_id = any(:deploymentIds)"
                        + " and state <> 'RESOLVED'")
                .param("tenantIds", deployments.tenantIds())
                .param("deploymentIds", deployments.deploymentIds())
                .query((RowCallbackHandler) rs -> {
                    OpenAlert alert = openAlert(rs);
                    byDeployment
                            .computeIfAbsent(rs.getLong("deployment_id"), id -> new HashMap<>())
                            .put(alert.ruleId(), alert);
                });
        return byDeployment;
    }

    private static OpenAlert openAlert(ResultSet rs) throws SQLException {
        return new OpenAlert(
                rs.getLong("id"),
                rs.getLong("rule_id"),
                AlertState.valueOf(rs.getString("state")),
                rs.getTimestamp("pending_since").toInstant(),
                instant(rs.getTimestamp("fired_at")),
                rs.getDouble("peak_value"),
                rs.getBoolean("silenced"));
    }

    long open(AlertRule rule, AlertState state, Instant now, double value, @Nullable String reason, boolean silenced) {
        return jdbc.sql("""
                        insert into alert (tenant_id, deployment_id, rule_id, state, pending_since, fired_at, value,
                                           peak_value, reason, silenced)
                        values (:tenantId, :deploymentId, :ruleId, :state, :now, :firedAt, :value, :value, :reason,
                                :silenced)
                        returning id""")
                .param("tenantId", rule.tenantId())
                .param("deploymentId", rule.deploymentId())
                .param("ruleId", rule.id())
                .param("state", state.name())
                .param("now", Timestamp.from(now))
                .param("firedAt", state == AlertState.FIRING ? Timestamp.from(now) : null)
                .param("value", value)
                .param("reason", reason)
                .param("silenced", silenced)
                .query(Long.class)
                .single();
    }

    /** The new values (and reasons) of open alerts, many in one statement. */
    void updateAll(List<Decision.ValueRefresh> refreshes) {
        if (refreshes.isEmpty()) {
            return;
        }
        jdbc.sql("""
                        update alert set value = r.value, peak_value = greatest(peak_value, r.value), reason = r.reason
                          from unnest(:tenantIds::bigint[], :ids::bigint[], :values::float8[], :reasons::text[])
                               as r(tenant_id, id, value, reason)
                         where alert.tenant_id = r.tenant_id and alert.id = r.id""")
                .param(
                        "tenantIds",
                        refreshes.stream().map(Decision.ValueRefresh::tenantId).toArray(Long[]::new))
                .param(
                        "ids",
                        refreshes.stream().map(Decision.ValueRefresh::alertId).toArray(Long[]::new))
                .param(
                        "values",
                        refreshes.stream().map(Decision.ValueRefresh::value).toArray(Double[]::new))
                .param(
                        "reasons",
                        refreshes.stream().map(Decision.ValueRefresh::reason).toArray(String[]::new))
                .update();
    }

    void fire(long tenantId, long id, Instant now, double value, @Nullable String reason, boolean silenced) {
        jdbc.sql("""
                        update alert set state = 'FIRING', fired_at = :now, value = :value,
                                         peak_value = greatest(peak_value, :value), reason = :reason,
                                         silenced = :silenced
                         where tenant_id = :tenantId and id = :id""")
                .param("now", Timestamp.from(now))
                .param("value", value)
                .param("reason", reason)
                .param("silenced", silenced)
                .param("tenantId", tenantId)
                .param("id", id)
                .update();
    }

    void resolve(long tenantId, long id, Instant now, double value) {
        jdbc.sql("""
                        update alert set state = 'RESOLVED', resolved_at = :now, value = :value
                         where tenant_id = :tenantId and id = :id""")
                .param("now", Timestamp.from(now))
                .param("value", value)
                .param("tenantId", tenantId)
                .param("id", id)
                .update();
    }

    void drop(long tenantId, long id) {
        jdbc.sql("delete from alert where tenant_id = :tenantId and id = :id and state = 'PENDING'")
                .param("tenantId", tenantId)
                .param("id", id)
                .update();
    }

    boolean acknowledge(long id, String actor, Instant now) {
        return jdbc.sql("""
                        update alert set acknowledged_by = :actor, acknowledged_at = :now
                         where id = :id and state = 'FIRING' and acknowledged_at is null""")
                        .param("actor", actor)
                        .param("now", Timestamp.from(now))
                        .param("id", id)
                        .update()
                > 0;
    }

    Set<String> firingDeployments() {
        return Set.copyOf(jdbc.sql("""
                        select distinct d.slug from alert a join deployment d on d.id = a.deployment_id
                         where a.state = 'FIRING'""").query(String.class).list());
    }

    long tenantOf(long alertId) {
        return jdbc.sql("select tenant_id from alert where id = :id")
                .param("id", alertId)
                .query(Long.class)
                .single();
    }

    List<AlertSummary> search(AlertFilter filter) {
        return page(filter, 0);
    }

    /**
     * The filter's alerts from {@code offset} on, at most its limit, newest first; the id breaks ties, so each row
     * keeps its place from one page to the next.
     */
    List<AlertSummary> page(AlertFilter filter, int offset) {
        Map<String, Object> params = new HashMap<>();
        String sql = SUMMARY + where(filter, params)
                + " order by a.pending_since desc, a.id desc limit :limit offset :offset";
        params.put("limit", filter.limit());
        params.put("offset", offset);
        return jdbc.sql(sql).params(params).query((rs, row) -> summary(rs)).list();
    }

    /** How many alerts the filter matches, whatever its limit. */
    int count(AlertFilter filter) {
        Map<String, Object> params = new HashMap<>();
        return jdbc.sql(COUNT + where(filter, params))
                .params(params)
                .query(Integer.class)
                .single();
    }

    /** The filter's conditions beyond the period, their values put into {@code params}. */
    private static String where(AlertFilter filter, Map<String, Object> params) {
        StringBuilder sql = new StringBuilder();
        params.put("from", Timestamp.from(filter.from()));
        params.put("to", Timestamp.from(filter.to()));
        if (filter.tenant() != null) {
            sql.append(" and t.slug = :tenant");
            params.put("tenant", filter.tenant());
        }
        if (filter.deployment() != null) {
            sql.append(" and d.slug = :deployment");
            params.put("deployment", filter.deployment());
        }
        if (filter.state() != null) {
            sql.append(" and a.state = :state");
            params.put("state", filter.state().name());
        }
        return sql.toString();
    }

    private static AlertSummary summary(ResultSet rs) throws SQLException {
        AlertRule rule = RuleStore.rule(rs);
        return new AlertSummary(
                rs.getLong("alert_id"),
                rs.getString("tenant_slug"),
                rs.getString("tenant_name"),
                rs.getString("deployment_slug"),
                rs.getString("deployment_name"),
                rule.id(),
                rule.name(),
                rule.severity(),
                rule.condition(),
                AlertState.valueOf(rs.getString("state")),
                rs.getTimestamp("pending_since").toInstant(),
                instant(rs.getTimestamp("fired_at")),
                instant(rs.getTimestamp("resolved_at")),
                rs.getDouble("value"),
                rs.getDouble("peak_value"),
                rs.getString("reason"),
                rs.getBoolean("silenced"),
                rs.getString("acknowledged_by"),
                instant(rs.getTimestamp("acknowledged_at")));
    }

    private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
