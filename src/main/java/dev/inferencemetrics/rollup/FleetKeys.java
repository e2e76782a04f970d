package dev.inferencemetrics.rollup;

import java.util.List;
import java.util.Map;
import org.springframework.jdbc.support.SqlArrayValue;

/**
 * The deployments a fleet-wide read covers, as two arrays of the same length: each deployment id and its tenant id
 * (the leading key of every rollup table, and the column a sharded database distributes by). Statements read them as
 * {@code unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)} (parameters
 * {@link #parameters} gives) with a {@code lateral} subquery per key, fenced with {@code offset 0}: PostgreSQL then looks each
 * deployment up by its primary key, as a query per deployment would, in one round trip. A plain join leaves the order
 * to the planner, which with row-level security and freshly filled tables chose to test every rollup row against
 * every key.
 */
public record FleetKeys(Long[] tenantIds, Long[] deploymentIds) {

    public FleetKeys {
        if (tenantIds.length != deploymentIds.length) {
            throw new IllegalArgumentException("one tenant id per deployment id");
        }
    }

    /** {@code tenantIds.get(i)} is the tenant of {@code deploymentIds.get(i)}. */
    public static FleetKeys of(List<Long> tenantIds, List<Long> deploymentIds) {
        return new FleetKeys(tenantIds.toArray(Long[]::new), deploymentIds.toArray(Long[]::new));
    }

    public boolean isEmpty() {
        return deploymentIds.length == 0;
    }

    /** The statement parameters {@code tenantIds} and {@code deploymentIds}, each bound as an array. */
    Map<String, Object> parameters() {
        return Map.of(
                "tenantIds", new SqlArrayValue("int8", (Object[]) tenantIds),
                "deploymentIds", new SqlArrayValue("int8", (Object[]) deploymentIds));
    }
}
