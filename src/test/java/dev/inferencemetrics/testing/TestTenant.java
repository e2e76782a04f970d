package dev.inferencemetrics.testing;

import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.apikey.CreatedApiKey;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A tenant of one test class's own, with its deployments and API keys, so the class's data never meets another
 * class's or the demo world's. Slugs carry a random suffix, so a reused database never sees one twice.
 */
public final class TestTenant {

    private final long id;
    private final String slug;
    private final DeploymentService deployments;
    private final ApiKeyService keys;
    private final JdbcTemplate jdbc;

    private TestTenant(long id, String slug, ApplicationContext context) {
        this.id = id;
        this.slug = slug;
        this.deployments = context.getBean(DeploymentService.class);
        this.keys = context.getBean(ApiKeyService.class);
        this.jdbc = context.getBean(OwnerJdbc.class).jdbc();
    }

    /** {@code name}: lower-case letters, digits and dashes, at most 40 characters. */
    public static TestTenant create(ApplicationContext context, String name) {
        String suffix = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        String slug = (name + "-" + suffix).toLowerCase(Locale.ROOT);
        long id = context.getBean(TenantService.class).createIfAbsent(slug, "Test tenant " + name);
        return new TestTenant(id, slug, context);
    }

    public long id() {
        return id;
    }

    public String slug() {
        return slug;
    }

    /** Creates a deployment of this tenant and returns its slug. */
    public String deployment(String name) {
        String deployment = slug + "-" + name;
        deployments.createIfAbsent(
                new DeploymentDefinition(id, deployment, "Test " + name, "test/model", "vLLM", "test-region"));
        return deployment;
    }

    /** A new key with these scopes, as the plaintext a client sends. */
    public String key(ApiScope first, ApiScope... rest) {
        return createKey(EnumSet.of(first, rest), null).plaintext();
    }

    /** A key with every scope. */
    public String fullKey() {
        return createKey(ApiScope.tenantScopes(), null).plaintext();
    }

    public CreatedApiKey createKey(Set<ApiScope> scopes, @Nullable Instant expiresAt) {
        return keys.create(TenantScope.tenant(id), id, "test key", scopes, expiresAt);
    }

    public void revoke(CreatedApiKey key) {
        keys.revoke(TenantScope.tenant(id), id, key.info().id());
    }

    /** Raw request samples stored for a deployment (of any tenant), read straight from the database. */
    public long storedRequestSamples(String deployment) {
        return count("request_sample", deployment);
    }

    /** Raw KV-cache readings stored for a deployment (of any tenant). */
    public long storedKvSamples(String deployment) {
        return count("kv_sample", deployment);
    }

    /** Request IDs stored for a deployment, sorted. */
    public List<String> storedRequestIds(String deployment) {
        return jdbc.queryForList(
                "select request_id from request_sample where deployment_id = ? order by request_id collate \"C\"",
                String.class,
                deploymentId(deployment));
    }

    private long count(String table, String deployment) {
        Long count = jdbc.queryForObject(
                "select count(*) from " + table + " where deployment_id = ?", Long.class, deploymentId(deployment));
        return count == null ? 0 : count;
    }

    private long deploymentId(String deployment) {
        return deployments.require(TenantScope.allTenants(), deployment).id();
    }
}
