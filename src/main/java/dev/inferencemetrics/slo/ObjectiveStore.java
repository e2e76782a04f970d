package dev.inferencemetrics.slo;

import dev.inferencemetrics.deployment.DeploymentRef;
import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Stored objectives over the defaults every deployment has: TTFT and ITL at 95 % within its p95 thresholds (what
 * the page has always measured against) and 99 % availability. E2E has no default and is off until set.
 */
@Repository
class ObjectiveStore {

    static final double DEFAULT_LATENCY_TARGET_PCT = 95;
    static final double DEFAULT_AVAILABILITY_PCT = 99;

    private final JdbcClient jdbc;

    ObjectiveStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The deployment's objectives, defaults filled in, in the order of {@link SloKind}. */
    List<SloObjective> objectives(DeploymentRef deployment) {
        return Objects.requireNonNull(
                objectives(List.of(deployment)).get(deployment.id()), "every deployment asked for");
    }

    /** {@link #objectives(DeploymentRef)} of each deployment, by deployment id, in one statement. */
    Map<Long, List<SloObjective>> objectives(List<DeploymentRef> deployments) {
        Map<Long, Map<SloKind, SloObjective>> byDeployment = new HashMap<>();
        for (DeploymentRef deployment : deployments) {
            Map<SloKind, SloObjective> byKind = new EnumMap<>(SloKind.class);
            byKind.put(SloKind.TTFT, latencyDefault(SloKind.TTFT, deployment.sloTtftP95Ms()));
            byKind.put(SloKind.ITL, latencyDefault(SloKind.ITL, deployment.sloItlP95Ms()));
            byKind.put(
                    SloKind.AVAILABILITY, new SloObjective(SloKind.AVAILABILITY, DEFAULT_AVAILABILITY_PCT, null, true));
            byDeployment.put(deployment.id(), byKind);
        }
        jdbc.sql("""
                        select o.deployment_id, o.kind, o.target_pct, o.threshold_ms, o.enabled
                          from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
                          join slo_objective o on o.tenant_id = k.tenant_id and o.deployment_id = k.deployment_id""")
                .param(
                        "tenantIds",
                        deployments.stream().map(DeploymentRef::tenantId).toArray(Long[]::new))
                .param(
                        "deploymentIds",
                        deployments.stream().map(DeploymentRef::id).toArray(Long[]::new))
                .query((RowCallbackHandler) rs -> {
                    BigDecimal threshold = rs.getBigDecimal("threshold_ms");
                    SloObjective objective = new SloObjective(
                            SloKind.valueOf(rs.getString("kind")),
                            rs.getBigDecimal("target_pct").doubleValue(),
                            threshold == null ? null : threshold.doubleValue(),
                            rs.getBoolean("enabled"));
                    Objects.requireNonNull(byDeployment.get(rs.getLong("deployment_id")), "a deployment asked for")
                            .put(objective.kind(), objective);
                });
        Map<Long, List<SloObjective>> objectives = new HashMap<>();
        byDeployment.forEach((id, byKind) -> objectives.put(id, List.copyOf(byKind.values())));
        return objectives;
    }

    void save(DeploymentRef deployment, SloObjective objective) {
        jdbc.sql("""
                        insert into slo_objective (tenant_id, deployment_id, kind, target_pct, threshold_ms, enabled)
                        values (:tenant, :deployment, :kind, :targetPct, :thresholdMs, :enabled)
                        on conflict (tenant_id, deployment_id, kind) do update
                           set target_pct = excluded.target_pct, threshold_ms = excluded.threshold_ms,
                               enabled = excluded.enabled""")
                .param("tenant", deployment.tenantId())
                .param("deployment", deployment.id())
                .param("kind", objective.kind().name())
                .param("targetPct", BigDecimal.valueOf(objective.targetPct()))
                .param(
                        "thresholdMs",
                        objective.thresholdMs() == null ? null : BigDecimal.valueOf(objective.thresholdMs()))
                .param("enabled", objective.enabled())
                .update();
    }

    private static SloObjective latencyDefault(SloKind kind, BigDecimal p95Ms) {
        return new SloObjective(kind, DEFAULT_LATENCY_TARGET_PCT, p95Ms.doubleValue(), true);
    }
}
