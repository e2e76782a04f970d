package dev.inferencemetrics.rollup;

import java.sql.Date;
import java.time.LocalDate;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/**
 * The values of each dimension a deployment counts on their own per UTC day, at most {@link Dimension#VALUES_PER_DAY}.
 * A batch whose values are all known costs one statement; a new value is admitted under a transaction-scoped advisory
 * lock per deployment, dimension and day, so concurrent batches (on any number of instances) never admit more.
 */
@Repository
public class DimensionValueStore {

    /**
     * One primary-key lookup a wanted value, whatever the planner's statistics say: a join it planned from stale
     * statistics compared every wanted value with every one of the deployment's values. The {@code limit} keeps the
     * planner from turning the lookup back into such a join.
     */
    private static final String KNOWN = """
            select k.dimension, k.day, k.value
              from unnest(:dimensions::text[], :days::date[], :dimensionValues::text[]) as k(dimension, day, value)
             cross join lateral (
                   select 1 from dimension_value v
                    where v.tenant_id = :tenantId and v.deployment_id = :deploymentId and v.dimension = k.dimension
                      and v.day = k.day and v.value = k.value
                    limit 1) v""";

    private static final String KEY = " from dimension_value where tenant_id = :tenantId and deployment_id ="
            + " :deploymentId and dimension = :dimension and day = :day";

    private final JdbcClient jdbc;

    DimensionValueStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** One value of one dimension on one UTC day. */
    public record DayValue(Dimension dimension, LocalDate day, String value) {}

    /**
     * Which of the wanted values count on their own: those admitted before, and new ones while the day has room (in
     * the order of their names). Must run inside the caller's transaction, which holds the admissions.
     */
    public Set<DayValue> admit(long tenantId, long deploymentId, Collection<DayValue> wanted) {
        Set<DayValue> admitted = new HashSet<>();
        if (wanted.isEmpty()) {
            return admitted;
        }
        List<DayValue> all = List.copyOf(new HashSet<>(wanted));
        admitted.addAll(known(tenantId, deploymentId, all));
        // new values by dimension and day, in a fixed order so that two batches take the locks alike
        Map<String, List<DayValue>> missing = all.stream()
                .filter(v -> !admitted.contains(v))
                .collect(Collectors.groupingBy(
                        v -> v.dimension().code() + "/" + v.day(), TreeMap::new, Collectors.toList()));
        missing.values().forEach(values -> admitted.addAll(admitNew(tenantId, deploymentId, values)));
        return admitted;
    }

    /** Which of the values were admitted (count on their own) on their days; reads only. */
    public Set<DayValue> known(long tenantId, long deploymentId, Collection<DayValue> values) {
        Set<DayValue> known = new HashSet<>();
        if (values.isEmpty()) {
            return known;
        }
        List<DayValue> all = List.copyOf(values);
        jdbc.sql(KNOWN)
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param(
                        "dimensions",
                        new SqlArrayValue(
                                "text",
                                all.stream().map(v -> v.dimension().code()).toArray()))
                .param(
                        "days",
                        new SqlArrayValue(
                                "date",
                                all.stream().map(v -> Date.valueOf(v.day())).toArray()))
                .param(
                        "dimensionValues",
                        new SqlArrayValue(
                                "text", all.stream().map(DayValue::value).toArray()))
                .query((RowCallbackHandler) rs -> known.add(new DayValue(
                        Dimension.fromCode(rs.getString("dimension")).orElseThrow(),
                        rs.getDate("day").toLocalDate(),
                        rs.getString("value"))));
        return known;
    }

    private List<DayValue> admitNew(long tenantId, long deploymentId, List<DayValue> values) {
        DayValue first = values.getFirst();
        jdbc.sql("select pg_advisory_xact_lock(hashtextextended(:lock, 0))")
                .param(
                        "lock",
                        "dimension_value/" + tenantId + "/" + deploymentId + "/"
                                + first.dimension().code() + "/" + first.day())
                .query((RowCallbackHandler) rs -> {});
        Set<String> since = new HashSet<>(day(
                        jdbc.sql("select value" + KEY + " and value = any(:values)"), tenantId, deploymentId, first)
                .param(
                        "values",
                        new SqlArrayValue(
                                "text", values.stream().map(DayValue::value).toArray()))
                .query(String.class)
                .list());
        long count = day(jdbc.sql("select count(*)" + KEY), tenantId, deploymentId, first)
                .query(Long.class)
                .single();
        List<DayValue> fresh = values.stream()
                .filter(v -> !since.contains(v.value()))
                .sorted((a, b) -> a.value().compareTo(b.value()))
                .limit(Math.max(0, Dimension.VALUES_PER_DAY - count))
                .toList();
        if (!fresh.isEmpty()) {
            day(
                            jdbc.sql("insert into dimension_value (tenant_id, deployment_id, dimension, day, value)"
                                    + " select :tenantId, :deploymentId, :dimension, :day, v"
                                    + " from unnest(:values::text[]) as v"),
                            tenantId,
                            deploymentId,
                            first)
                    .param(
                            "values",
                            new SqlArrayValue(
                                    "text", fresh.stream().map(DayValue::value).toArray()))
                    .update();
        }
        List<DayValue> admitted = new java.util.ArrayList<>(fresh);
        values.stream().filter(v -> since.contains(v.value())).forEach(admitted::add);
        return admitted;
    }

    private static JdbcClient.StatementSpec day(
            JdbcClient.StatementSpec statement, long tenantId, long deploymentId, DayValue key) {
        return statement
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("dimension", key.dimension().code())
                .param("day", Date.valueOf(key.day()));
    }
}
