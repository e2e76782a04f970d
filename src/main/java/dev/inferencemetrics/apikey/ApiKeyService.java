package dev.inferencemetrics.apikey;

import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.TenantScope;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Creates, checks and revokes API keys. Keys are stored only as SHA-256 digests. A tenant's key reaches that tenant
 * only; an operator key (scope admin, nothing else) provisions every tenant and works while its operator is enabled.
 */
@Service
public class ApiKeyService {

    /** What the published demo keys start with. */
    static final String DEMO_MARKER = ApiKeyFormat.MARKER + "demo";

    /** Writing the last-use time on every call would make each API request a write; once a minute is enough. */
    private static final Duration LAST_USED_GRANULARITY = Duration.ofMinutes(1);

    private final ApiKeyStore keys;
    private final UserAccounts accounts;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    ApiKeyService(ApiKeyStore keys, UserAccounts accounts, ApplicationEventPublisher events, Clock clock) {
        this.keys = keys;
        this.accounts = accounts;
        this.events = events;
        this.clock = clock;
    }

    /** A new key of the tenant, which must lie within the caller's scope. */
    @Transactional
    public CreatedApiKey create(
            TenantScope caller, long tenantId, String name, Set<ApiScope> scopes, @Nullable Instant expiresAt) {
        requireWithin(caller, tenantId);
        refuseAdmin(scopes);
        return store(tenantId, null, name, scopes, expiresAt, ApiKeyFormat.generate(random));
    }

    /** A new operator key of scope admin, acting for the operator who creates it (operators only). */
    @Transactional
    public CreatedApiKey createOperatorKey(
            TenantScope caller, long operatorUserId, String name, @Nullable Instant expiresAt) {
        caller.requireOperator("Only operators manage operator keys.");
        return store(null, operatorUserId, name, Set.of(ApiScope.ADMIN), expiresAt, ApiKeyFormat.generate(random));
    }

    /** Every operator key, newest first (operators only). */
    @Transactional(readOnly = true)
    public List<ApiKeyInfo> listOperatorKeys(TenantScope caller) {
        caller.requireOperator("Only operators manage operator keys.");
        return keys.operatorKeys();
    }

    /** One page of the operator keys, newest first (operators only). */
    @Transactional(readOnly = true)
    public List<ApiKeyInfo> pageOperatorKeys(TenantScope caller, int offset, int limit) {
        caller.requireOperator("Only operators manage operator keys.");
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("A page starts at 0 or later and holds 0 rows or more.");
        }
        return keys.operatorKeys(offset, Math.min(limit, MAX_PAGE));
    }

    /** How many operator keys there are, revoked and expired ones included (operators only). */
    @Transactional(readOnly = true)
    public int countOperatorKeys(TenantScope caller) {
        caller.requireOperator("Only operators manage operator keys.");
        return keys.operatorKeyCount();
    }

    /** Revokes an operator key at once (operators only); returns false if there is no such active key. */
    @Transactional
    public boolean revokeOperatorKey(TenantScope caller, long keyId) {
        caller.requireOperator("Only operators manage operator keys.");
        return revoked(keys.revokeOperatorKey(keyId, clock.instant()));
    }

    /** Stores a given key unless one with its prefix exists; for documented demo keys only. */
    @AcrossTenants
    @Transactional
    public void ensureKey(long tenantId, String name, Set<ApiScope> scopes, String plaintext) {
        refuseAdmin(scopes);
        if (isNew(plaintext)) {
            store(tenantId, null, name, scopes, null, plaintext);
        }
    }

    /**
     * Stores a given operator key of this operator unless one with its prefix exists; for the published demo key only,
     * so no other fixed admin key can be planted this way.
     */
    @AcrossTenants
    @Transactional
    public void ensureOperatorKey(long operatorUserId, String name, String plaintext) {
        if (!plaintext.startsWith(DEMO_MARKER)) {
            throw new IllegalArgumentException("a fixed operator key must be a demo key (" + DEMO_MARKER + "…)");
        }
        if (isNew(plaintext)) {
            store(null, operatorUserId, name, Set.of(ApiScope.ADMIN), null, plaintext);
        }
    }

    private boolean isNew(String plaintext) {
        // prefixes are unique across tenants and operators
        if (!ApiKeyFormat.isWellFormed(plaintext)) {
            throw new IllegalArgumentException("not a well-formed API key: " + ApiKeyFormat.prefixOf(plaintext) + "…");
        }
        return findByPrefix(ApiKeyFormat.prefixOf(plaintext)).isEmpty();
    }

    /** The client a presented key stands for, if the key is genuine, unrevoked and unexpired. */
    @AcrossTenants
    @Transactional
    public Optional<ApiClient> authenticate(String presented) {
        if (!ApiKeyFormat.isWellFormed(presented)) {
            return Optional.empty();
        }
        // before the key is checked nobody's tenant is known; the prefix finds at most one key
        Instant now = clock.instant();
        byte[] digest = ApiKeyFormat.sha256(presented);
        return findByPrefix(ApiKeyFormat.prefixOf(presented))
                .filter(stored -> MessageDigest.isEqual(stored.sha256(), digest))
                .filter(stored -> stored.info().revokedAt() == null)
                .filter(stored -> stored.info().expiresAt() == null
                        || now.isBefore(stored.info().expiresAt()))
                // a disabled operator's keys stop working with their sessions, and work again if they are enabled again
                .filter(stored -> stored.operatorId() == null || accounts.isEnabledOperator(stored.operatorId()))
                .map(stored -> {
                    recordUse(stored.info().id(), now);
                    ApiKeyInfo info = stored.info();
                    TenantScope scope =
                            info.tenantId() == null ? TenantScope.allTenants() : TenantScope.tenant(info.tenantId());
                    return new ApiClient(scope, info.id(), info.prefix(), info.scopes(), stored.operatorId());
                });
    }

    /** Revokes the tenant's key at once; returns false if the tenant has no such key. */
    @Transactional
    public boolean revoke(TenantScope caller, long tenantId, long keyId) {
        requireWithin(caller, tenantId);
        return revoked(keys.revokeTenantKey(tenantId, keyId, clock.instant()));
    }

    private boolean revoked(Optional<ApiKeyRevoked> revoked) {
        revoked.ifPresent(events::publishEvent);
        return revoked.isPresent();
    }

    @Transactional(readOnly = true)
    public List<ApiKeyInfo> list(TenantScope caller, long tenantId) {
        requireWithin(caller, tenantId);
        return keys.tenantKeys(tenantId);
    }

    /** Longest page of keys a list may ask for. */
    public static final int MAX_PAGE = 500;

    /** One page of the tenant's keys, newest first, which must lie within the caller's scope. */
    @Transactional(readOnly = true)
    public List<ApiKeyInfo> page(TenantScope caller, long tenantId, int offset, int limit) {
        requireWithin(caller, tenantId);
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("A page starts at 0 or later and holds 0 rows or more.");
        }
        return keys.tenantKeys(tenantId, offset, Math.min(limit, MAX_PAGE));
    }

    /** How many keys the tenant has, revoked and expired ones included. */
    @Transactional(readOnly = true)
    public int count(TenantScope caller, long tenantId) {
        requireWithin(caller, tenantId);
        return keys.tenantKeyCount(tenantId);
    }

    /** The caller's own scope is declared (its first argument), so even a tenant id gone wrong cannot reach past it. */
    private static void requireWithin(TenantScope caller, long tenantId) {
        if (!caller.includes(tenantId)) {
            throw new AccessDeniedException("API keys of another tenant.");
        }
    }

    private static void refuseAdmin(Set<ApiScope> scopes) {
        if (scopes.contains(ApiScope.ADMIN)) {
            throw new IllegalArgumentException("the admin scope belongs to operator keys, never to a tenant's key");
        }
    }

    private CreatedApiKey store(
            @Nullable Long tenantId,
            @Nullable Long operatorUserId,
            String name,
            Set<ApiScope> scopes,
            @Nullable Instant expiresAt,
            String plaintext) {
        if (scopes.isEmpty()) {
            throw new IllegalArgumentException("a key needs at least one scope");
        }
        Instant now = clock.instant();
        long id = keys.insert(
                tenantId,
                operatorUserId,
                name,
                ApiKeyFormat.prefixOf(plaintext),
                ApiKeyFormat.sha256(plaintext),
                scopes,
                now,
                expiresAt);
        var info = new ApiKeyInfo(
                id, tenantId, name, ApiKeyFormat.prefixOf(plaintext), scopes, now, null, expiresAt, null);
        events.publishEvent(new ApiKeyCreated(tenantId, id, info.prefix(), name, scopes));
        return new CreatedApiKey(info, plaintext);
    }

    private Optional<ApiKeyStore.StoredKey> findByPrefix(String prefix) {
        return keys.findByPrefix(prefix);
    }

    private void recordUse(long keyId, Instant now) {
        keys.recordUse(keyId, now, LAST_USED_GRANULARITY);
    }
}
