package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.FleetKeys;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.SqlArrayValue;
import org.springframework.stereotype.Repository;

/** The rows of deployment_gpu_cost. */
@Repository
class GpuCostStore {

    private static final RowMapper<GpuCostRow> ROW = (rs, n) -> new GpuCostRow(rs.getString("slug"), period(rs));

    /** The cost period of a row that selects the cost columns. */
    private static GpuCostPeriod period(ResultSet rs) throws SQLException {
        return new GpuCostPeriod(
                rs.getTimestamp("effective_from").toInstant(),
                new GpuCost(
                        rs.getInt("gpus_per_replica"),
                        (Integer) rs.getObject("replicas"),
                        rs.getBigDecimal("price_per_gpu_hour"),
                        rs.getString("currency")));
    }

    private static final String SELECT = """
            select d.slug, c.effective_from, c.gpus_per_replica, c.replicas, c.price_per_gpu_hour, c.currency
              from deployment_gpu_cost c join deployment d on d.tenant_id = c.tenant_id and d.id = c.deployment_id""";

    private record GpuCostRow(String slug, GpuCostPeriod period) {}

    private final JdbcClient jdbc;

    GpuCostStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void save(long tenantId, long deploymentId, Instant effectiveFrom, GpuCost cost) {
        jdbc.sql("""
                        insert into deployment_gpu_cost (tenant_id, deployment_id, effective_from, gpus_per_replica,
                                                         replicas, price_per_gpu_hour, currency)
                        values (:tenantId, :deploymentId, :effectiveFrom, :gpusPerReplica, :replicas, :price,
                                :currency)
                        on conflict (tenant_id, deployment_id, effective_from) do update
                           set gpus_per_replica = excluded.gpus_per_replica, replicas = excluded.replicas,
                               price_per_gpu_hour = excluded.price_per_gpu_hour, currency = excluded.currency,
                               created_at = now()""")
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("effectiveFrom", Timestamp.from(effectiveFrom))
                .param("gpusPerReplica", cost.gpusPerReplica())
                .param("replicas", cost.replicas())
                .param("price", cost.pricePerGpuHour())
                .param("currency", cost.currency())
                .update();
    }

    /** The deployment's costs, oldest first; empty when none was ever set. */
    List<GpuCostPeriod> history(long tenantId, long deploymentId) {
        return jdbc
                .sql(SELECT + " where c.tenant_id = :tenantId and c.deployment_id = :deploymentId"
                        + " order by c.effective_from")
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .query(ROW)
                .stream()
                .map(GpuCostRow::period)
                .toList();
    }

    /**
     * The histories of these deployments by deployment id, each oldest first, in one statement however many there
     * are; those without a GPU cost are left out.
     */
    Map<Long, List<GpuCostPeriod>> historiesById(FleetKeys deployments) {
        Map<Long, List<GpuCostPeriod>> histories = new LinkedHashMap<>();
        if (deployments.isEmpty()) {
            return histories;
        }
        // a lateral lookup per key, fenced with offset 0, as every fleet read does (see FleetKeys)
        jdbc.sql("""
                        select k.deployment_id, c.effective_from, c.gpus_per_replica, c.replicas,
                               c.price_per_gpu_hour, c.currency
                          from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
                         cross join lateral (
                               select * from deployment_gpu_cost
                                where tenant_id = k.tenant_id and deployment_id = k.deployment_id
                               offset 0) c
                         order by k.deployment_id, c.effective_from""")
                .param("tenantIds", new SqlArrayValue("int8", (Object[]) deployments.tenantIds()))
                .param("deploymentIds", new SqlArrayValue("int8", (Object[]) deployments.deploymentIds()))
                .query((RowCallbackHandler) rs -> histories
                        .computeIfAbsent(rs.getLong("deployment_id"), id -> new ArrayList<>())
                        .add(period(rs)));
        return histories;
    }

    /**
     * The deployments (of one tenant, or of all when null) with a GPU cost that reads its replicas from scrapes, by
     * slug.
     */
    Map<String, ScrapedReplicaReader.Key> readingScrapes(@Nullable Long tenantId) {
        Map<String, ScrapedReplicaReader.Key> keys = new LinkedHashMap<>();
        jdbc.sql("""
                        select distinct d.slug, d.tenant_id, d.id
                          from deployment_gpu_cost c
                          join deployment d on d.tenant_id = c.tenant_id and d.id = c.deployment_id
                         where c.replicas is null and (cast(:tenantId as bigint) is null or c.tenant_id = :tenantId)""").param("tenantId", tenantId).query((RowCallbackHandler) rs -> keys.put(
                rs.getString("slug"), new ScrapedReplicaReader.Key(rs.getLong("tenant_id"), rs.getLong("id"))));
        return keys;
    }

    /** Every deployment's history (of one tenant, or of all when null), by deployment slug, each oldest first. */
    Map<String, List<GpuCostPeriod>> historiesBySlug(@Nullable Long tenantId) {
        Map<String, List<GpuCostPeriod>> histories = new LinkedHashMap<>();
        jdbc
                .sql(SELECT + " where cast(:tenantId as bigint) is null or c.tenant_id = :tenantId"
                        + " order by d.slug, c.effective_from")
                .param("tenantId", tenantId)
                .query(ROW)
                .stream()
                .forEach(row -> histories
                        .computeIfAbsent(row.slug(), slug -> new ArrayList<>())
                        .add(row.period()));
        return histories;
    }
}
