package dev.inferencemetrics.alert;

import dev.inferencemetrics.rollup.FleetKeys;
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
        return jdbc.sql("select " + COLUMNS
                        + " from alert_rule where tenant_id = :tenantId and deployment_id = :deploymentId order by id")
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .query((rs, row) -> rule(rs))
                .list();
    }

    /** The rules of these deployments, by deployment id, each deployment's in the order of their ids. */
    Map<Long, List<AlertRule>> of(FleetKeys deployments) {
        Map<Long, List<AlertRule>> byDeployment = new HashMap<>();
        jdbc.sql("select " + COLUMNS
                        + " from alert_rule where tenant_id = any(:tenantIds) and deployment_id = any(:deploymentIds)"
                        + " order by id")
                .param("tenantIds", deployments.tenantIds())
                .param("deploymentIds", deployments.deploymentIds())
                .query((RowCallbackHandler) rs -> {
                    AlertRule rule = rule(rs);
                    byDeployment
                            .computeIfAbsent(rule.deploymentId(), id -> new ArrayList<>())
                            .add(rule);
                });
        return byDeployment;
    }

    Optional<AlertRule> find(long tenantId, long ruleId) {
        return jdbc.sql("select " + COLUMNS + " from alert_rule where tenant_id = :tenantId and id = :id")
                .param("tenantId", tenantId)
                .param("id", ruleId)
                .query((rs, row) -> rule(rs))
                .optional();
    }

    /** Adds the rules whose names the deployment does not have yet. */
    void addMissing(Collection<AlertRule> rules) {
        for (AlertRule rule : rules) {
            jdbc.sql("""
                            insert into alert_rule (tenant_id, deployment_id, name, kind, objective, severity, threshold,
                                                    clear_below, long_window_s, short_window_s, for_s, enabled)
                            values (:tenantId, :deploymentId, :name, :kind, :objective, :severity, :threshold,
                                    :clearBelow, :longWindowS, :shortWindowS, :forS, :enabled)
                            on conflict (tenant_id, deployment_id, name) do nothing""")
                    .param("tenantId", rule.tenantId())
                    .param("deploymentId", rule.deploymentId())
                    .param("name", rule.name())
                    .param("kind", rule.kind().name())
                    .param(
                            "objective",
                            rule.objective() == null ? null : rule.objective().name())
                    .param("severity", rule.severity().name())
                    .param("threshold", rule.threshold())
                    .param("clearBelow", rule.clearBelow())
                    .param("longWindowS", rule.longWindow().toSeconds())
                    .param(
                            "shortWindowS",
                            rule.shortWindow() == null
                                    ? null
                                    : rule.shortWindow().toSeconds())
                    .param("forS", rule.forDuration().toSeconds())
                    .param("enabled", rule.enabled())
                    .update();
        }
    }

    void update(AlertRule rule) {
        jdbc.sql("""
                        update alert_rule set threshold = :threshold, clear_below = :clearBelow, for_s = :forS,
                                              enabled = :enabled
                         where tenant_id = :tenantId and id = :id""")
                .param("threshold", rule.threshold())
                .param("clearBelow", rule.clearBelow())
                .param("forS", rule.forDuration().toSeconds())
                .param("enabled", rule.enabled())
                .param("tenantId", rule.tenantId())
                .param("id", rule.id())
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
