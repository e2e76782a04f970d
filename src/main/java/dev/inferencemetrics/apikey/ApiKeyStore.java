package dev.inferencemetrics.apikey;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The table {@code api_key}; callers declare the tenant first. Keys are stored only as SHA-256 digests. */
@Repository
class ApiKeyStore {

    private static final String COLUMNS =
            "id, tenant_id, operator_id, name, prefix, sha256, scopes, created_at, last_used_at, expires_at, revoked_at";

    private static final RowMapper<StoredKey> STORED_KEY = (rs, n) -> read(rs);

    private static final RowMapper<ApiKeyInfo> INFO = (rs, n) -> read(rs).info();

    private final JdbcClient jdbc;

    ApiKeyStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A key as stored: what may be shown, whose operator key it is, and the digest a presented key must match. */
    record StoredKey(ApiKeyInfo info, @Nullable Long operatorId, byte[] sha256) {}

    List<ApiKeyInfo> operatorKeys() {
        return jdbc.sql("select " + COLUMNS + " from api_key where tenant_id is null order by created_at desc, id desc")
                .query(INFO)
                .list();
    }

    /** One page of the operator keys, newest first. */
    List<ApiKeyInfo> operatorKeys(int offset, int limit) {
        return jdbc.sql("select " + COLUMNS + " from api_key where tenant_id is null"
                        + " order by created_at desc, id desc limit :limit offset :offset")
                .param("limit", limit)
                .param("offset", offset)
                .query((rs, row) -> read(rs).info())
                .list();
    }

    int operatorKeyCount() {
        return jdbc.sql("select count(*) from api_key where tenant_id is null")
                .query(Integer.class)
                .single();
    }

    List<ApiKeyInfo> tenantKeys(long tenantId) {
        return jdbc.sql("select " + COLUMNS
                        + " from api_key where tenant_id = :tenant order by created_at desc, id desc")
                .param("tenant", tenantId)
                .query(INFO)
                .list();
    }

    /** One page of the tenant's keys, newest first. */
    List<ApiKeyInfo> tenantKeys(long tenantId, int offset, int limit) {
        return jdbc.sql("select " + COLUMNS + " from api_key where tenant_id = :tenant"
                        + " order by created_at desc, id desc limit :limit offset :offset")
                .param("tenant", tenantId)
                .param("limit", limit)
                .param("offset", offset)
                .query(INFO)
                .list();
    }

    int tenantKeyCount(long tenantId) {
        return jdbc.sql("select count(*) from api_key where tenant_id = :tenant")
                .param("tenant", tenantId)
                .query(Integer.class)
                .single();
    }

    Optional<StoredKey> findByPrefix(String prefix) {
        return jdbc.sql("select " + COLUMNS + " from api_key where prefix = :prefix")
                .param("prefix", prefix)
                .query(STORED_KEY)
                .optional();
    }

    /** Revokes an active operator key; empty if there is none with this id. */
    Optional<ApiKeyRevoked> revokeOperatorKey(long keyId, Instant at) {
        return jdbc.sql("""
                        update api_key set revoked_at = :at
                         where id = :id and tenant_id is null and revoked_at is null
                        returning name, prefix""")
                .param("at", Timestamp.from(at))
                .param("id", keyId)
                .query((rs, row) -> new ApiKeyRevoked(null, keyId, rs.getString("name"), rs.getString("prefix")))
                .optional();
    }

    /** Revokes an active key of the tenant; empty if the tenant has none with this id. */
    Optional<ApiKeyRevoked> revokeTenantKey(long tenantId, long keyId, Instant at) {
        return jdbc.sql("""
                        update api_key set revoked_at = :at
                         where id = :id and tenant_id = :tenant and revoked_at is null
                        returning name, prefix""")
                .param("at", Timestamp.from(at))
                .param("id", keyId)
                .param("tenant", tenantId)
                .query((rs, row) -> new ApiKeyRevoked(tenantId, keyId, rs.getString("name"), rs.getString("prefix")))
                .optional();
    }

    long insert(
            @Nullable Long tenantId,
            @Nullable Long operatorUserId,
            String name,
            String prefix,
            byte[] sha256,
            Set<ApiScope> scopes,
            Instant createdAt,
            @Nullable Instant expiresAt) {
        String[] codes = scopes.stream().map(ApiScope::code).sorted().toArray(String[]::new);
        return jdbc.sql("""
                        insert into api_key (tenant_id, operator_id, name, prefix, sha256, scopes, created_at, expires_at)
                        values (:tenant, :operator, :name, :prefix, :sha256, :scopes, :createdAt, :expiresAt)
                        returning id""")
                .param("tenant", tenantId)
                .param("operator", operatorUserId)
                .param("name", name)
                .param("prefix", prefix)
                .param("sha256", sha256)
                .param("scopes", codes)
                .param("createdAt", Timestamp.from(createdAt))
                .param("expiresAt", expiresAt == null ? null : Timestamp.from(expiresAt))
                .query(Long.class)
                .single();
    }

    /** Notes the key's use unless it was noted less than {@code granularity} before {@code now}. */
    void recordUse(long keyId, Instant now, Duration granularity) {
        jdbc.sql("update api_key set last_used_at = :now"
                        + " where id = :id and (last_used_at is null or last_used_at < :notedBefore)")
                .param("now", Timestamp.from(now))
                .param("id", keyId)
                .param("notedBefore", Timestamp.from(now.minus(granularity)))
                .update();
    }

    private static StoredKey read(ResultSet rs) throws SQLException {
        var info = new ApiKeyInfo(
                rs.getLong("id"),
                rs.getObject("tenant_id", Long.class),
                rs.getString("name"),
                rs.getString("prefix"),
                scopes(rs.getArray("scopes")),
                rs.getTimestamp("created_at").toInstant(),
                instant(rs.getTimestamp("last_used_at")),
                instant(rs.getTimestamp("expires_at")),
                instant(rs.getTimestamp("revoked_at")));
        return new StoredKey(info, rs.getObject("operator_id", Long.class), rs.getBytes("sha256"));
    }

    private static Set<ApiScope> scopes(Array array) throws SQLException {
        Set<ApiScope> scopes = EnumSet.noneOf(ApiScope.class);
        Arrays.stream((String[]) array.getArray())
                .map(ApiScope::fromCode)
                .flatMap(Optional::stream)
                .forEach(scopes::add);
        return scopes;
    }

    private static @Nullable Instant instant(@Nullable Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
