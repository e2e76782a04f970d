package dev.inferencemetrics.rollup;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

/**
 * The deployments a fleet-wide read covers, as the two arrays its statements filter by: tenant ids (the leading key of
 * every rollup table, and the column a sharded database distributes by) and deployment ids.
 */
public record FleetKeys(Long[] tenantIds, Long[] deploymentIds) {

    public static FleetKeys of(Collection<Long> tenantIds, Collection<Long> deploymentIds) {
        return new FleetKeys(tenantIds.stream().distinct().toArray(Long[]::new), deploymentIds.toArray(Long[]::new));
    }

    public boolean isEmpty() {
        return deploymentIds.length == 0;
    }

    /** Binds the tenant ids at {@code index} and the deployment ids right after them. */
    void bind(Connection connection, PreparedStatement statement, int index) throws SQLException {
        statement.setArray(index, connection.createArrayOf("int8", tenantIds));
        statement.setArray(index + 1, connection.createArrayOf("int8", deploymentIds));
    }
}
