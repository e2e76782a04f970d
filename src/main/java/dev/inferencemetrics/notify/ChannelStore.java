package dev.inferencemetrics.notify;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Notification channels; row-level security shows a tenant its own, and global ones only to all-tenant scopes. */
@Repository
class ChannelStore {

    private static final String COLUMNS =
            "id, tenant_id, name, kind, target, allow_private_address, enabled, created_at";

    private final JdbcClient jdbc;

    ChannelStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    long add(@Nullable Long tenantId, String name, ChannelKind kind, String target, boolean allowPrivate, Instant now) {
        return jdbc.sql("""
                        insert into notification_channel (tenant_id, name, kind, target, allow_private_address,
                                                          created_at)
                        values (?, ?, ?, ?, ?, ?) returning id""")
                .param(tenantId)
                .param(name)
                .param(kind.name())
                .param(target)
                .param(allowPrivate)
                .param(Timestamp.from(now))
                .query(Long.class)
                .single();
    }

    /** The channels visible in the declared scope; of one tenant (and no global ones) when tenantId is set. */
    List<Channel> list(@Nullable Long tenantId) {
        String sql = "select " + COLUMNS + " from notification_channel where removed_at is null"
                + (tenantId == null ? "" : " and tenant_id = ?")
                + " order by tenant_id nulls first, id";
        var query = jdbc.sql(sql);
        return (tenantId == null ? query : query.param(tenantId))
                .query((rs, row) -> channel(rs))
                .list();
    }

    /** The enabled channels that hear of a tenant's alerts: its own and the global ones. */
    List<Channel> reaching(long tenantId) {
        return jdbc.sql("select " + COLUMNS
                        + " from notification_channel where enabled and removed_at is null"
                        + " and (tenant_id = ? or tenant_id is null) order by id")
                .param(tenantId)
                .query((rs, row) -> channel(rs))
                .list();
    }

    Optional<Channel> find(long id) {
        return jdbc.sql("select " + COLUMNS + " from notification_channel where id = ? and removed_at is null")
                .param(id)
                .query((rs, row) -> channel(rs))
                .optional();
    }

    boolean setEnabled(long id, boolean enabled) {
        return jdbc.sql("update notification_channel set enabled = ? where id = ?")
                        .params(enabled, id)
                        .update()
                > 0;
    }

    /** Takes the channel out of use; its row stays, so the deliveries made through it keep their history. */
    boolean remove(long id, Instant now) {
        return jdbc.sql("update notification_channel set removed_at = ? where id = ? and removed_at is null")
                        .params(Timestamp.from(now), id)
                        .update()
                > 0;
    }

    private static Channel channel(ResultSet rs) throws SQLException {
        long tenant = rs.getLong("tenant_id");
        @Nullable Long tenantId = rs.wasNull() ? null : tenant;
        return new Channel(
                rs.getLong("id"),
                tenantId,
                rs.getString("name"),
                ChannelKind.valueOf(rs.getString("kind")),
                rs.getString("target"),
                rs.getBoolean("allow_private_address"),
                rs.getBoolean("enabled"),
                rs.getTimestamp("created_at").toInstant());
    }
}
