package dev.inferencemetrics.ingest;

import dev.inferencemetrics.rollup.Dimension;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The codes of each deployment's values of a dimension, which raw samples store in place of the text ({@code
 * dimension_code}). A code, once given, names its value for good; a new value is given the next code under a
 * transaction-scoped advisory lock per deployment and dimension, so concurrent batches on any number of instances
 * never give one code twice, and once {@link #MAX_CODE} is given a new value gets none (its samples keep the text).
 */
@Repository
class DimensionCodeStore {

    /** The last code a deployment gives a dimension's values: the largest {@code smallint}. */
    static final int MAX_CODE = Short.MAX_VALUE;

    private static final String KEY =
            " from dimension_code where tenant_id = :tenantId and deployment_id = :deploymentId and dimension = :dimension";

    private final JdbcClient jdbc;

    DimensionCodeStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The codes of the values, given before or now; a value without one is past {@link #MAX_CODE}. Must run inside the
     * caller's transaction, which holds the codes given now until it commits.
     */
    Map<String, Short> codes(long tenantId, long deploymentId, Dimension dimension, Collection<String> values) {
        Map<String, Short> codes = known(tenantId, deploymentId, dimension, values);
        if (codes.size() == values.size()) {
            return codes;
        }
        jdbc.sql("select pg_advisory_xact_lock(hashtextextended(:lock, 0))")
                .param("lock", "dimension_code/" + tenantId + "/" + deploymentId + "/" + dimension.code())
                .query((RowCallbackHandler) rs -> {});
        // values given a code by a batch that committed while this one waited for the lock
        List<String> missing =
                values.stream().filter(v -> !codes.containsKey(v)).toList();
        codes.putAll(known(tenantId, deploymentId, dimension, missing));
        int last = key(jdbc.sql("select coalesce(max(code), 0)" + KEY), tenantId, deploymentId, dimension)
                .query(Integer.class)
                .single();
        List<String> fresh = missing.stream()
                .filter(v -> !codes.containsKey(v))
                .sorted()
                .limit(Math.max(0, MAX_CODE - last))
                .toList();
        if (fresh.isEmpty()) {
            return codes;
        }
        Short[] freshCodes = new Short[fresh.size()];
        for (int i = 0; i < freshCodes.length; i++) {
            freshCodes[i] = (short) (last + 1 + i);
            codes.put(fresh.get(i), freshCodes[i]);
        }
        key(
                        jdbc.sql("insert into dimension_code (tenant_id, deployment_id, dimension, code, value)"
                                + " select :tenantId, :deploymentId, :dimension, c.code, c.value"
                                + " from unnest(:codes::smallint[], :dimensionValues::text[]) as c(code, value)"),
                        tenantId,
                        deploymentId,
                        dimension)
                .param("codes", new SqlArrayValue("int2", (Object[]) freshCodes))
                .param("dimensionValues", new SqlArrayValue("text", fresh.toArray()))
                .update();
        return codes;
    }

    private Map<String, Short> known(long tenantId, long deploymentId, Dimension dimension, Collection<String> values) {
        Map<String, Short> codes = new HashMap<>();
        if (values.isEmpty()) {
            return codes;
        }
        key(
                        jdbc.sql("select value, code" + KEY + " and value = any(:dimensionValues::text[])"),
                        tenantId,
                        deploymentId,
                        dimension)
                .param("dimensionValues", new SqlArrayValue("text", values.toArray()))
                .query((RowCallbackHandler) rs -> codes.put(rs.getString("value"), rs.getShort("code")));
        return codes;
    }

    private static JdbcClient.StatementSpec key(
            JdbcClient.StatementSpec statement, long tenantId, long deploymentId, Dimension dimension) {
        return statement
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("dimension", dimension.code());
    }

    /**
     * The value of {@code dimension} of the {@code request_sample} row {@code alias}, from its text column or else its
     * code: a SQL expression.
     */
    static String valueOf(Dimension dimension, String alias) {
        String column = dimension.code();
        return "coalesce(" + alias + "." + column + ", (select c.value from dimension_code c"
                + " where c.tenant_id = " + alias + ".tenant_id and c.deployment_id = " + alias + ".deployment_id"
                + " and c.dimension = '" + column + "' and c.code = " + alias + "." + column + "_code))";
    }

    /**
     * Whether the {@code request_sample} row {@code alias} has the value of {@code dimension} bound to {@code
     * :parameter}, as text or by its code: a SQL condition; the statement binds {@code :tenantId} and {@code
     * :deploymentId}.
     */
    static String hasValue(Dimension dimension, String alias, String parameter) {
        String column = dimension.code();
        return "(" + alias + "." + column + " = :" + parameter + " or " + alias + "." + column
                + "_code = (select c.code"
                + " from dimension_code c where c.tenant_id = :tenantId and c.deployment_id = :deploymentId"
                + " and c.dimension = '" + column + "' and c.value = :" + parameter + "))";
    }
}
