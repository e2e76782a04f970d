package dev.inferencemetrics.alert;

import dev.inferencemetrics.slo.SloKind;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Alert rules. Rules are never deleted, only switched off, so a deployment's defaults are written once. */
@Repository
class RuleStore {

    private static final String COLUMNS = """
            id, tenant_id, deployment_id, name, kind, objective, severity, threshold, clear_below, long_window_s,
            short_window_s, for_s, enabled""";

    private final JdbcClient jdbc;

    RuleStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    List<AlertRule> ofDeployment(long tenantId, long deploymentId) {
        return jdbc.sql("select " + COLUMNS + " from alert_rule where tenant_id = ? and deployment_id = ? order by id")
                .params(tenantId, deploymentId)
                .query((rs, row) -> rule(rs))
                .list();
    }

    /** Every rule in the declared scope, by deployment id, each deployment's in the order of their ids. */
    Map<Long, List<AlertRule>> all() {
        Map<Long, List<AlertRule>> byDeployment = new HashMap<>();
        jdbc.sql("select " + COLUMNS + " from alert_rule order by id").query((RowCallbackHandler) rs -> {
            AlertRule rule = rule(rs);
            byDeployment
                    .computeIfAbsent(rule.deploymentId(), id -> new ArrayList<>())
                    .add(rule);
        });
        return byDeployment;
    }

    Optional<AlertRule> find(long tenantId, long ruleId) {
        return jdbc.sql("select " + COLUMNS + " from alert_rule where tenant_id = ? and id = ?")
                .params(tenantId, ruleId)
                .query((rs, row) -> rule(rs))
                .optional();
    }

    /** Adds the rules whose names the deployment does not have yet. */
    void addMissing(Collection<AlertRule> rules) {
        for (AlertRule rule : rules) {
            jdbc.sql("""
                            insert into alert_rule (tenant_id, deployment_id, name, kind, objective, severity, threshold,
                                                    clear_below, long_window_s, short_window_s, for_s, enabled)
                            values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            on conflict (tenant_id, deployment_id, name) do nothing""")
                    .param(rule.tenantId())
                    .param(rule.deploymentId())
                    .param(rule.name())
                    .param(rule.kind().name())
                    .param(rule.objective() == null ? null : rule.objective().name())
                    .param(rule.severity().name())
                    .param(rule.threshold())
                    .param(rule.clearBelow())
                    .param(rule.longWindow().toSeconds())
                    .param(
                            rule.shortWindow() == null
                                    ? null
                                    : rule.shortWindow().toSeconds())
                    .param(rule.forDuration().toSeconds())
                    .param(rule.enabled())
                    .update();
        }
    }

    void update(AlertRule rule) {
        jdbc.sql("""
                        update alert_rule set threshold = ?, clear_below = ?, for_s = ?, enabled = ?
                         where tenant_id = ? and id = ?""")
                .params(
                        rule.threshold(),
                        rule.clearBelow(),
                        rule.forDuration().toSeconds(),
                        rule.enabled(),
                        rule.tenantId(),
                        rule.id())
                .update();
    }

    static AlertRule rule(ResultSet rs) throws SQLException {
        String objective = rs.getString("objective");
        int shortWindow = rs.getInt("short_window_s");
        boolean noShortWindow = rs.wasNull();
        return new AlertRule(
                rs.getLong("id"),
                rs.getLong("tenant_id"),
                rs.getLong("deployment_id"),
                rs.getString("name"),
                RuleKind.valueOf(rs.getString("kind")),
                objective == null ? null : SloKind.valueOf(objective),
                Severity.valueOf(rs.getString("severity")),
                rs.getDouble("threshold"),
                rs.getDouble("clear_below"),
                Duration.ofSeconds(rs.getInt("long_window_s")),
                noShortWindow ? null : Duration.ofSeconds(shortWindow),
                Duration.ofSeconds(rs.getInt("for_s")),
                rs.getBoolean("enabled"));
    }
}
