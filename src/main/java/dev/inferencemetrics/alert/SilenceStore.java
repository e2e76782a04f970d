package dev.inferencemetrics.alert;

import dev.inferencemetrics.rollup.FleetKeys;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Silences, kept after they end as a record of who held back what, and why. */
@Repository
class SilenceStore {

    private static final String SELECT = """
            select s.id, s.deployment_id, d.slug, s.rule_id, s.ends_at, s.reason, s.created_by, s.created_at
              from alert_silence s join deployment d on d.id = s.deployment_id""";
    private static final String NEWEST_FIRST = " order by s.created_at desc, s.id desc";

    private final JdbcClient jdbc;

    SilenceStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long add(
            long tenantId,
            long deploymentId,
            @Nullable Long ruleId,
            Instant endsAt,
            String reason,
            String by,
            Instant now) {
        return jdbc.sql("""
                        insert into alert_silence (tenant_id, deployment_id, rule_id, ends_at, reason, created_by,
                                                   created_at)
                        values (:tenantId, :deploymentId, :ruleId, :endsAt, :reason, :by, :now) returning id""")
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("ruleId", ruleId)
                .param("endsAt", Timestamp.from(endsAt))
                .param("reason", reason)
                .param("by", by)
                .param("now", Timestamp.from(now))
                .query(Long.class)
                .single();
    }

    /** The deployment's silences that end after {@code since}, newest first. */
    List<Silence> endingAfter(long tenantId, long deploymentId, Instant since) {
        return jdbc.sql(SELECT
                        + " where s.tenant_id = :tenantId and s.deployment_id = :deploymentId and s.ends_at > :since"
                        + NEWEST_FIRST)
                .param("tenantId", tenantId)
                .param("deploymentId", deploymentId)
                .param("since", Timestamp.from(since))
                .query((rs, row) -> silence(rs))
                .list();
    }

    /** These deployments' silences that end after {@code since}, by deployment id, newest first. */
    Map<Long, List<Silence>> endingAfter(FleetKeys deployments, Instant since) {
        Map<Long, List<Silence>> byDeployment = new HashMap<>();
        jdbc.sql(SELECT
                        + " where s.tenant_id = any(:tenantIds) and s.deployment_id = any(:deploymentIds)"
                        + " and s.ends_at > :since" + NEWEST_FIRST)
                .param("tenantIds", deployments.tenantIds())
                .param("deploymentIds", deployments.deploymentIds())
                .param("since", Timestamp.from(since))
                .query((RowCallbackHandler) rs -> byDeployment
                        .computeIfAbsent(rs.getLong("deployment_id"), id -> new ArrayList<>())
                        .add(silence(rs)));
        return byDeployment;
    }

    private static Silence silence(ResultSet rs) throws SQLException {
        long rule = rs.getLong("rule_id");
        return new Silence(
                rs.getLong("id"),
                rs.getString("slug"),
                rs.wasNull() ? null : rule,
                rs.getTimestamp("ends_at").toInstant(),
                rs.getString("reason"),
                rs.getString("created_by"),
                rs.getTimestamp("created_at").toInstant());
    }

    /** Ends a silence now; false if it had ended already. */
    boolean end(long tenantId, long id, Instant now) {
        return jdbc.sql("""
                                update alert_silence set ends_at = :now
                                 where tenant_id = :tenantId and id = :id and ends_at > :now""")
                        .param("now", Timestamp.from(now))
                        .param("tenantId", tenantId)
                        .param("id", id)
                        .update()
                > 0;
    }
}
