package dev.inferencemetrics.alert;

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
                        values (?, ?, ?, ?, ?, ?, ?) returning id""")
                .param(tenantId)
                .param(deploymentId)
                .param(ruleId)
                .param(Timestamp.from(endsAt))
                .param(reason)
                .param(by)
                .param(Timestamp.from(now))
                .query(Long.class)
                .single();
    }

    /** The deployment's silences that end after {@code since}, newest first. */
    List<Silence> endingAfter(long tenantId, long deploymentId, Instant since) {
        return jdbc.sql(SELECT + " where s.tenant_id = ? and s.deployment_id = ? and s.ends_at > ?" + NEWEST_FIRST)
                .params(tenantId, deploymentId, Timestamp.from(since))
                .query((rs, row) -> silence(rs))
                .list();
    }

    /** Every silence in the declared scope that ends after {@code since}, by deployment id, newest first. */
    Map<Long, List<Silence>> endingAfter(Instant since) {
        Map<Long, List<Silence>> byDeployment = new HashMap<>();
        jdbc.sql(SELECT + " where s.ends_at > ?" + NEWEST_FIRST)
                .params(Timestamp.from(since))
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
        return jdbc.sql("update alert_silence set ends_at = ? where tenant_id = ? and id = ? and ends_at > ?")
                        .params(Timestamp.from(now), tenantId, id, Timestamp.from(now))
                        .update()
                > 0;
    }
}
