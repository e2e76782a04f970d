package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * Reads the dimension rollups of many deployments in one statement, however many deployments there are (see
 * {@link FleetKeys}): the values of one dimension that carried at least a deployment's least number of requests in a
 * window, each merged over the window (counts, TTFT and ITL). Values with fewer requests are left in the database, so
 * a quiet tail of values costs no sketch decoding; "other" is never answered.
 */
@Repository
public class FleetDimensionRollupStore {

    private static final String READ_BUSY_VALUES = """
            select k.deployment_id, r.value, r.requests, r.ok_requests, r.input_tokens, r.output_tokens, r.ttft,
                   r.itl, r.error_requests, r.timeout_requests, r.cancelled_requests
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[], :leastRequests::bigint[])
                   as k(tenant_id, deployment_id, least_requests)
             cross join lateral (
                   select d.*, sum(d.requests) over (partition by d.value) as value_requests
                     from dimension_rollup_live d
                    where d.tenant_id = k.tenant_id and d.deployment_id = k.deployment_id
                      and d.dimension = :dimension and d.resolution_s = :resolution and d.value <> ''
                      and d.bucket >= :from and d.bucket < :to
                   offset 0) r
             where r.value_requests >= k.least_requests""";

    private final JdbcClient jdbc;

    FleetDimensionRollupStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Per deployment id, each value of {@code dimension} with at least {@code leastRequests.get(i)} requests in
     * {@code from ≤ bucket < to} (for {@code deployments}' i-th deployment), merged into one rollup by value.
     */
    public Map<Long, Map<String, RequestRollup>> busyValuesOfFleet(
            FleetKeys deployments,
            List<Long> leastRequests,
            Dimension dimension,
            Resolution resolution,
            Instant from,
            Instant to) {
        if (leastRequests.size() != deployments.deploymentIds().length) {
            throw new IllegalArgumentException("one least number of requests per deployment");
        }
        Map<Long, Map<String, RequestRollup>> byDeployment = new HashMap<>();
        if (deployments.isEmpty()) {
            return byDeployment;
        }
        jdbc.sql(READ_BUSY_VALUES)
                .params(deployments.parameters())
                .param("leastRequests", new SqlArrayValue("int8", leastRequests.toArray()))
                .param("dimension", dimension.code())
                .param("resolution", resolution.seconds())
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query((RowCallbackHandler) rs -> RequestCounts.read(rs)
                        .mergeInto(byDeployment
                                .computeIfAbsent(rs.getLong("deployment_id"), id -> new HashMap<>())
                                .computeIfAbsent(rs.getString("value"), value -> new RequestRollup(from))));
        return byDeployment;
    }
}
