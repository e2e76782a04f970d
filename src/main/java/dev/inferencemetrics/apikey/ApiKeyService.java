package dev.inferencemetrics.apikey;

import dev.inferencemetrics.security.DatabaseTenant;
import dev.inferencemetrics.security.TenantScope;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Creates, checks and revokes API keys. Keys are stored only as SHA-256 digests. */
@Service
public class ApiKeyService {

    /** Writing the last-use time on every call would make each API request a write; once a minute is enough. */
    private static final Duration LAST_USED_GRANULARITY = Duration.ofMinutes(1);

    private static final String COLUMNS =
            "id, tenant_id, name, prefix, sha256, scopes, created_at, last_used_at, expires_at, revoked_at";

    private final JdbcClient jdbc;
    private final DatabaseTenant databaseTenant;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    ApiKeyService(JdbcClient jdbc, DatabaseTenant databaseTenant, ApplicationEventPublisher events, Clock clock) {
        this.jdbc = jdbc;
        this.events = events;
        this.databaseTenant = databaseTenant;
        this.clock = clock;
    }

    /** A new key of the tenant, which must lie within the caller's scope. */
    @Transactional
    public CreatedApiKey create(
            TenantScope caller, long tenantId, String name, Set<ApiScope> scopes, @Nullable Instant expiresAt) {
        declareWithin(caller, tenantId);
        return store(tenantId, name, scopes, expiresAt, ApiKeyFormat.generate(random));
    }

    /** Stores a given key unless one with its prefix exists; for documented demo keys only. */
    @Transactional
    public void ensureKey(long tenantId, String name, Set<ApiScope> scopes, String plaintext) {
        // prefixes are unique across tenants
        databaseTenant.declare(TenantScope.allTenants());
        if (!ApiKeyFormat.isWellFormed(plaintext)) {
            throw new IllegalArgumentException("not a well-formed API key: " + ApiKeyFormat.prefixOf(plaintext) + "…");
        }
        if (findByPrefix(ApiKeyFormat.prefixOf(plaintext)).isEmpty()) {
            store(tenantId, name, scopes, null, plaintext);
        }
    }

    /** The client a presented key stands for, if the key is genuine, unrevoked and unexpired. */
    @Transactional
    public Optional<ApiClient> authenticate(String presented) {
        if (!ApiKeyFormat.isWellFormed(presented)) {
            return Optional.empty();
        }
        // before the key is checked nobody's tenant is known; the prefix finds at most one key
        databaseTenant.declare(TenantScope.allTenants());
        Instant now = clock.instant();
        byte[] digest = ApiKeyFormat.sha256(presented);
        return findByPrefix(ApiKeyFormat.prefixOf(presented))
                .filter(stored -> MessageDigest.isEqual(stored.sha256(), digest))
                .filter(stored -> stored.info().revokedAt() == null)
                .filter(stored -> stored.info().expiresAt() == null
                        || now.isBefore(stored.info().expiresAt()))
                .map(stored -> {
                    recordUse(stored.info().id(), now);
                    ApiKeyInfo info = stored.info();
                    return new ApiClient(info.tenantId(), info.id(), info.prefix(), info.scopes());
                });
    }

    /** Revokes the tenant's key at once; returns false if the tenant has no such key. */
    @Transactional
    public boolean revoke(TenantScope caller, long tenantId, long keyId) {
        declareWithin(caller, tenantId);
        Optional<ApiKeyRevoked> revoked = jdbc.sql("""
                        update api_key set revoked_at = ? where id = ? and tenant_id = ? and revoked_at is null
                        returning name, prefix""")
                .params(Timestamp.from(clock.instant()), keyId, tenantId)
                .query((rs, row) -> new ApiKeyRevoked(tenantId, keyId, rs.getString("name"), rs.getString("prefix")))
                .optional();
        revoked.ifPresent(events::publishEvent);
        return revoked.isPresent();
    }

    @Transactional(readOnly = true)
    public List<ApiKeyInfo> list(TenantScope caller, long tenantId) {
        declareWithin(caller, tenantId);
        return jdbc.sql("select " + COLUMNS + " from api_key where tenant_id = ? order by created_at desc, id desc")
                .param(tenantId)
                .query((rs, row) -> read(rs).info())
                .list();
    }

    /** The caller's own scope is declared, so even a tenant id gone wrong cannot reach past it. */
    private void declareWithin(TenantScope caller, long tenantId) {
        if (!caller.includes(tenantId)) {
            throw new AccessDeniedException("API keys of another tenant.");
        }
        databaseTenant.declare(caller);
    }

    private CreatedApiKey store(
            long tenantId, String name, Set<ApiScope> scopes, @Nullable Instant expiresAt, String plaintext) {
        if (scopes.isEmpty()) {
            throw new IllegalArgumentException("a key needs at least one scope");
        }
        Instant now = clock.instant();
        String[] codes = scopes.stream().map(ApiScope::code).sorted().toArray(String[]::new);
        long id = jdbc.sql("""
                        insert into api_key (tenant_id, name, prefix, sha256, scopes, created_at, expires_at)
                        values (?, ?, ?, ?, ?, ?, ?) returning id""")
                .params(
                        tenantId,
                        name,
                        ApiKeyFormat.prefixOf(plaintext),
                        ApiKeyFormat.sha256(plaintext),
                        codes,
                        Timestamp.from(now),
                        expiresAt == null ? null : Timestamp.from(expiresAt))
                .query(Long.class)
                .single();
        var info = new ApiKeyInfo(
                id, tenantId, name, ApiKeyFormat.prefixOf(plaintext), scopes, now, null, expiresAt, null);
        events.publishEvent(new ApiKeyCreated(tenantId, id, info.prefix(), name, scopes));
        return new CreatedApiKey(info, plaintext);
    }

    private Optional<StoredKey> findByPrefix(String prefix) {
        return jdbc.sql("select " + COLUMNS + " from api_key where prefix = ?")
                .param(prefix)
                .query((rs, row) -> read(rs))
                .optional();
    }

    private void recordUse(long keyId, Instant now) {
        jdbc.sql("update api_key set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)")
                .params(Timestamp.from(now), keyId, Timestamp.from(now.minus(LAST_USED_GRANULARITY)))
                .update();
    }

    private static StoredKey read(ResultSet rs) throws SQLException {
        var info = new ApiKeyInfo(
                rs.getLong("id"),
                rs.getLong("tenant_id"),
                rs.getString("name"),
                rs.getString("prefix"),
                scopes(rs.getArray("scopes")),
                rs.getTimestamp("created_at").toInstant(),
                instant(rs.getTimestamp("last_used_at")),
                instant(rs.getTimestamp("expires_at")),
                instant(rs.getTimestamp("revoked_at")));
        return new StoredKey(info, rs.getBytes("sha256"));
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

    private record StoredKey(ApiKeyInfo info, byte[] sha256) {}
}
