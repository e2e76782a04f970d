package dev.inferencemetrics.rollup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * The deployments a fleet-wide read covers, as two arrays of the same length: each deployment id and its tenant id
 * (the leading key of every rollup table, and the column a sharded database distributes by). Statements read them as
 * {@code unnest(?::bigint[], ?::bigint[]) as k(tenant_id, deployment_id)} with a {@code lateral} subquery per key,
 * fenced with {@code offset 0}: PostgreSQL then looks each deployment up by its primary key, as a query per deployment
 * would, in one round trip. A plain join leaves the order to the planner, which with row-level security and freshly
 * filled tables chose to test every rollup row against every key.
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

    /**
     * Prepares {@code sql}, whose first five parameters are the tenant ids, the deployment ids, the resolution and the
     * bucket range {@code [from, to)}, with those bound.
     */
    PreparedStatement prepare(Connection connection, String sql, Resolution resolution, Instant from, Instant to)
            throws SQLException {
        PreparedStatement statement = prepare(connection, sql);
        statement.setInt(3, resolution.seconds());
        statement.setTimestamp(4, Timestamp.from(from));
        statement.setTimestamp(5, Timestamp.from(to));
        return statement;
    }

    /** Prepares {@code sql}, whose first two parameters are the tenant ids and the deployment ids, with those bound. */
    PreparedStatement prepare(Connection connection, String sql) throws SQLException {
        PreparedStatement statement = connection.prepareStatement(sql);
        statement.setArray(1, connection.createArrayOf("int8", tenantIds));
        statement.setArray(2, connection.createArrayOf("int8", deploymentIds));
        return statement;
    }
}
