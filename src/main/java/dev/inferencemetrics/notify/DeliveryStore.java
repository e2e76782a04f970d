package dev.inferencemetrics.notify;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
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

    private final JdbcClient jdbc;

    DeliveryStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Records a message to send; nothing if this alert's event was already recorded for the channel. */
    void add(long tenantId, long alertId, long channelId, NoticeEvent event, String payload, Instant now) {
        jdbc.sql("""
                        insert into notification_delivery (tenant_id, alert_id, channel_id, event, payload, created_at,
                                                           next_attempt_at)
                        values (?, ?, ?, ?, ?, ?, ?)
                        on conflict (tenant_id, alert_id, channel_id, event) do nothing""")
                .params(tenantId, alertId, channelId, event.name(), payload, Timestamp.from(now), Timestamp.from(now))
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
                                 where d.delivered_at is null and d.abandoned_at is null and d.next_attempt_at <= ?) n
                          join notification_channel c on c.id = n.channel_id
                         where n.place <= ?
                         order by n.next_attempt_at, n.id limit ?""")
                .params(Timestamp.from(now), perTenant, limit)
                .query((rs, row) -> delivery(rs))
                .list();
    }

    List<Delivery> ofAlert(long alertId) {
        return jdbc.sql(SELECT + " where n.alert_id = ? order by n.id")
                .param(alertId)
                .query((rs, row) -> delivery(rs))
                .list();
    }

    void delivered(Delivery delivery, Instant now) {
        jdbc.sql("""
                        update notification_delivery set attempts = attempts + 1, delivered_at = ?, last_error = null
                         where tenant_id = ? and id = ?""")
                .params(Timestamp.from(now), delivery.tenantId(), delivery.id())
                .update();
    }

    /** Gives up the channel's messages not yet sent, naming why. */
    void abandonUnsent(long channelId, String reason, Instant now) {
        jdbc.sql("""
                        update notification_delivery set abandoned_at = ?, last_error = ?
                         where channel_id = ? and delivered_at is null and abandoned_at is null""").params(Timestamp.from(now), reason, channelId).update();
    }

    /** Counts a failed attempt: retried at {@code retryAt}, or given up when that is null. */
    void failed(Delivery delivery, String error, @Nullable Instant retryAt, Instant now) {
        jdbc.sql("""
                        update notification_delivery
                           set attempts = attempts + 1, last_error = ?, next_attempt_at = ?,
                               abandoned_at = case when ? then ?::timestamptz end
                         where tenant_id = ? and id = ?""")
                .params(
                        error.length() > 1000 ? error.substring(0, 1000) : error,
                        Timestamp.from(retryAt == null ? now : retryAt),
                        retryAt == null,
                        Timestamp.from(now),
                        delivery.tenantId(),
                        delivery.id())
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
