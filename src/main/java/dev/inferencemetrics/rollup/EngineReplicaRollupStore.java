package dev.inferencemetrics.rollup;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Replica counts of scrapes (engine_replica_rollup). A minute row counts the replicas that answered in the minute;
 * the half-hour row above it sums its minutes: replica-minutes add up, a minute row's first count adds one covered
 * minute, and the largest minute count is kept. Both levels are written by one statement, so they always agree.
 */
@Repository
public class EngineReplicaRollupStore {

    /*
     * A minute row is new exactly when its count after the upsert equals the count added (an existing row held at least
     * one replica before), so the half hour gains a covered minute then.
     */
    private static final String UPSERT = """
            with added as (
                 select u.* from unnest(:deploymentIds::bigint[], :minutes::timestamptz[], :replicas::integer[])
                        as u(deployment_id, bucket, replicas)),
            minute as (
                 insert into engine_replica_rollup as r (tenant_id, deployment_id, resolution_s, bucket, minutes,
                                                         replica_minutes, replicas_max)
                 select :tenantId, a.deployment_id, 60, a.bucket, 1, a.replicas, a.replicas
                   from added a
                  order by a.deployment_id, a.bucket
                 on conflict (tenant_id, deployment_id, resolution_s, bucket) do update
                    set replica_minutes = r.replica_minutes + excluded.replica_minutes,
                        replicas_max = r.replicas_max + excluded.replicas_max
                 returning r.deployment_id, r.bucket, r.replicas_max)
            insert into engine_replica_rollup as r (tenant_id, deployment_id, resolution_s, bucket, minutes,
                                                    replica_minutes, replicas_max)
            select :tenantId, m.deployment_id, 1800,
                   date_bin('30 minutes', m.bucket, timestamptz '1970-01-01 00:00:00+00') as half_hour,
                   count(*) filter (where m.replicas_max = a.replicas), sum(a.replicas), max(m.replicas_max)
              from minute m join added a on a.deployment_id = m.deployment_id and a.bucket = m.bucket
             group by m.deployment_id, half_hour
             order by m.deployment_id, half_hour
            on conflict (tenant_id, deployment_id, resolution_s, bucket) do update
               set minutes = r.minutes + excluded.minutes,
                   replica_minutes = r.replica_minutes + excluded.replica_minutes,
                   replicas_max = greatest(r.replicas_max, excluded.replicas_max)""";

    /*
     * The whole half hours of the span from their rows, the ragged minutes around them from the minute rows, summed
     * per half hour; a lateral lookup per key, fenced with offset 0, as every fleet read does (see FleetKeys).
     */
    private static final String READ_FLEET = """
            select k.deployment_id, r.half_hour, sum(r.minutes) as minutes, sum(r.replica_minutes) as replica_minutes
              from unnest(:tenantIds::bigint[], :deploymentIds::bigint[]) as k(tenant_id, deployment_id)
             cross join lateral (
                   select date_bin('30 minutes', bucket, timestamptz '1970-01-01 00:00:00+00') as half_hour,
                          minutes, replica_minutes
                     from engine_replica_rollup
                    where tenant_id = k.tenant_id and deployment_id = k.deployment_id
                      and ((resolution_s = 1800 and bucket >= :halfHoursFrom and bucket < :halfHoursTo)
                           or (resolution_s = 60 and bucket >= :from and bucket < :halfHoursFrom)
                           or (resolution_s = 60 and bucket >= :halfHoursTo and bucket < :to))
                   offset 0) r
             group by k.deployment_id, r.half_hour
             order by k.deployment_id, r.half_hour""";

    private final JdbcClient jdbc;

    EngineReplicaRollupStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * Adds replicas newly seen in their minutes (at most one count per deployment and minute: the caller sums them) to
     * the minute rows and the half-hour rows above them, in one statement.
     */
    public void add(long tenantId, Collection<ReplicaCount> counts) {
        if (counts.isEmpty()) {
            return;
        }
        List<ReplicaCount> rows = counts.stream()
                .sorted(Comparator.comparingLong(ReplicaCount::deploymentId).thenComparing(ReplicaCount::minute))
                .toList();
        jdbc.sql(UPSERT)
                .param("tenantId", tenantId)
                .params(new UnnestedRows<>(rows)
                        .column("deploymentIds", "int8", ReplicaCount::deploymentId)
                        .column("minutes", "timestamptz", row -> Timestamp.from(row.minute()))
                        .column("replicas", "int4", ReplicaCount::replicas)
                        .parameters())
                .update();
    }

    /**
     * What scrapes saw of each deployment's replicas over the span, per half hour (the ragged ends counting only their
     * minutes within the span), oldest first, by deployment id; half hours without any replica answering are absent.
     */
    public Map<Long, List<ReplicaMinutes>> readFleet(FleetKeys deployments, RollupSpan span) {
        Map<Long, List<ReplicaMinutes>> byDeployment = new HashMap<>();
        if (deployments.isEmpty()) {
            return byDeployment;
        }
        jdbc.sql(READ_FLEET)
                .params(deployments.parameters())
                .param("from", Timestamp.from(span.from()))
                .param("halfHoursFrom", Timestamp.from(span.halfHoursFrom()))
                .param("halfHoursTo", Timestamp.from(span.halfHoursTo()))
                .param("to", Timestamp.from(span.to()))
                .query((RowCallbackHandler) rs -> byDeployment
                        .computeIfAbsent(rs.getLong("deployment_id"), id -> new ArrayList<>())
                        .add(new ReplicaMinutes(
                                rs.getTimestamp("half_hour").toInstant(),
                                rs.getLong("minutes"),
                                rs.getLong("replica_minutes"))));
        return byDeployment;
    }
}
