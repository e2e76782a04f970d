package dev.inferencemetrics.notify;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Deliveries: one row per alert, channel and event, so a message is recorded — and sent — once. */
@Repository
class DeliveryStore {

    private static final String SELECT = """
            select n.id, n.tenant_id, n.alert_id, n.channel_id, c.name as channel, n.event, n.payload, n.attempts,
                   n.next_attempt_at, n.delivered_at, n.abandoned_at, n.last_error
              from notification_delivery n join notification_channel c on c.id = n.channel_id
            """;

    private static final RowMapper<Delivery> DELIVERY = (rs, n) -> delivery(rs);

    private final JdbcClient jdbc;

    DeliveryStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Records a message to send; nothing if this alert's event was already recorded for the channel. */
    void add(long tenantId, long alertId, long channelId, NoticeEvent event, String payload, Instant now) {
        jdbc.sql("""
                        insert into notification_delivery (tenant_id, alert_id, channel_id, event, payload, created_at,
                                                           next_attempt_at)
                        values (:tenantId, :alertId, :channelId, :event, :payload, :now, :now)
                        on conflict (tenant_id, alert_id, channel_id, event) do nothing""")
                .param("tenantId", tenantId)
                .param("alertId", alertId)
                .param("channelId", channelId)
                .param("event", event.name())
                .param("payload", payload)
                .param("now", Timestamp.from(now))
                .update();
    }

    /** The messages due, oldest first: at most {@code perTenant} of each tenant, so one tenant cannot fill a round. */
    List<Delivery> due(Instant now, int perTenant, int limit) {
        return jdbc.sql("""
                        select n.id, n.tenant_id, n.alert_id, n.channel_id, c.name as channel, n.event, n.payload,
                               n.attempts, n.next_attempt_at, n.delivered_at, n.abandoned_at, n.last_error
                          from (select d.*, row_number() over (partition by d.tenant_id
                                                               order by d.next_attempt_at, d.id) as place
                                  from notification_delivery d
                                 where d.delivered_at is null and d.abandoned_at is null and d.next_attempt_at <= :now) n
                          join notification_channel c on c.id = n.channel_id
                         where n.place <= :perTenant
                         order by n.next_attempt_at, n.id limit :limit""")
                .param("now", Timestamp.from(now))
                .param("perTenant", perTenant)
                .param("limit", limit)
                .query(DELIVERY)
                .list();
    }

    List<Delivery> ofAlert(long alertId) {
        return jdbc.sql(SELECT + " where n.alert_id = :alertId order by n.id")
                .param("alertId", alertId)
                .query(DELIVERY)
                .list();
    }

    void delivered(Delivery delivery, Instant now) {
        jdbc.sql("""
                        update notification_delivery
                           set attempts = attempts + 1, delivered_at = :now, last_error = null
                         where tenant_id = :tenantId and id = :id""")
                .param("now", Timestamp.from(now))
                .param("tenantId", delivery.tenantId())
                .param("id", delivery.id())
                .update();
    }

    /** Gives up the channel's messages not yet sent, naming why. */
    void abandonUnsent(long channelId, String reason, Instant now) {
        jdbc.sql("""
                        update notification_delivery set abandoned_at = :now, last_error = :reason
                         where channel_id = :channelId and delivered_at is null and abandoned_at is null""")
                .param("now", Timestamp.from(now))
                .param("reason", reason)
                .param("channelId", channelId)
                .update();
    }

    /** Counts a failed attempt: retried at {@code retryAt}, or given up when that is null. */
    void failed(Delivery delivery, String error, @Nullable Instant retryAt, Instant now) {
        jdbc.sql("""
                        update notification_delivery
                           set attempts = attempts + 1, last_error = :error, next_attempt_at = :nextAttemptAt,
                               abandoned_at = case when :abandoned then :now::timestamptz end
                         where tenant_id = :tenantId and id = :id""")
                .param("error", error.length() > 1000 ? error.substring(0, 1000) : error)
                .param("nextAttemptAt", Timestamp.from(retryAt == null ? now : retryAt))
                .param("abandoned", retryAt == null)
                .param("now", Timestamp.from(now))
                .param("tenantId", delivery.tenantId())
                .param("id", delivery.id())
                .update();
    }

    private static Delivery delivery(ResultSet rs) throws SQLException {
        return new Delivery(
                rs.getLong("id"),
                rs.getLong("tenant_id"),
                rs.getLong("alert_id"),
                rs.getLong("channel_id"),
                rs.getString("channel"),
                NoticeEvent.valueOf(rs.getString("event")),
                rs.getString("payload"),
                rs.getInt("attempts"),
                rs.getTimestamp("next_attempt_at").toInstant(),
                instant(rs.getTimestamp("delivered_at")),
                instant(rs.getTimestamp("abandoned_at")),
                rs.getString("last_error"));
    }

    private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
