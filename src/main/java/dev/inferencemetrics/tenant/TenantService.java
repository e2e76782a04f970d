package dev.inferencemetrics.tenant;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.data.domain.Sort;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Tenants within the caller's scope. Operators rename, archive and restore them; archiving hides the tenant and its
 * deployments and refuses their samples, but changes nothing else and keeps every record.
 */
@Service
public class TenantService {

    static final int MAX_NAME_LENGTH = 200;

    /** What the schema allows: lower-case letters, digits and dashes, not starting with a dash. */
    public static final String SLUG_PATTERN = "[a-z0-9][a-z0-9-]{0,62}";

    /** Longest page a list may ask for: a screen holds far fewer rows. */
    public static final int MAX_PAGE = 500;

    private final TenantRepository tenants;
    private final TenantListStore listed;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    TenantService(TenantRepository tenants, TenantListStore listed, ApplicationEventPublisher events, Clock clock) {
        this.tenants = tenants;
        this.listed = listed;
        this.events = events;
        this.clock = clock;
    }

    /** The active tenants a scope covers, by name. */
    @Transactional(readOnly = true)
    public List<TenantSummary> visibleTo(TenantScope scope) {
        return visibleTo(scope, false);
    }

    /** The tenants a scope covers, by name; archived ones only when asked for. */
    @Transactional(readOnly = true)
    public List<TenantSummary> visibleTo(TenantScope scope, boolean includeArchived) {
        return tenants.findAll(Sort.by("name")).stream()
                .filter(tenant -> scope.includes(id(tenant)))
                .filter(tenant -> includeArchived || tenant.getArchivedAt() == null)
                .map(TenantService::summary)
                .toList();
    }

    /**
     * One page of the tenants the scope covers whose name or slug contains {@code text}, by name: what a lazy list
     * shows. Archived ones only when asked for.
     */
    @Transactional(readOnly = true)
    public List<TenantSummary> page(TenantScope scope, String text, boolean includeArchived, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("A page starts at 0 or later and holds 0 rows or more.");
        }
        return listed.page(text, includeArchived, offset, Math.min(limit, MAX_PAGE));
    }

    /** How many tenants the scope covers whose name or slug contains {@code text}. */
    @Transactional(readOnly = true)
    public int count(TenantScope scope, String text, boolean includeArchived) {
        return listed.count(text, includeArchived);
    }

    /** The names of these tenants, of those the scope covers (archived ones too), by id. */
    @Transactional(readOnly = true)
    public Map<Long, String> namesOf(TenantScope scope, Collection<Long> ids) {
        return tenants.findAllById(ids).stream()
                .filter(tenant -> scope.includes(id(tenant)))
                .collect(Collectors.toMap(TenantService::id, Tenant::getName));
    }

    /** Returns the id of the tenant with this slug, creating it first if there is none. */
    @AcrossTenants
    @Transactional
    public long createIfAbsent(String slug, String name) {
        Tenant tenant = tenants.findBySlug(slug).orElseGet(() -> tenants.save(new Tenant(slug, name, clock.instant())));
        return id(tenant);
    }

    /**
     * Creates the tenant with this slug (operators only), or gives the existing one this name; the same call twice
     * changes nothing the second time. Creation and renaming are published for the audit log.
     *
     * @throws UnusableValueException saying what is wrong with the slug or name; nothing changes then
     */
    @Transactional
    public TenantProvisioned provision(TenantScope scope, long actorUserId, String slug, String name) {
        requireOperator(scope);
        if (!slug.matches(SLUG_PATTERN)) {
            throw new UnusableValueException(
                    "A tenant's slug takes 1 to 63 lower-case letters, digits and dashes, not starting with a dash.");
        }
        String trimmed = validName(name);
        Optional<Tenant> existing = tenants.findBySlug(slug);
        if (existing.isPresent()) {
            rename(scope, actorUserId, id(existing.get()), trimmed);
            return new TenantProvisioned(summary(existing.get()), false);
        }
        Tenant tenant = tenants.save(new Tenant(slug, trimmed, clock.instant()));
        events.publishEvent(new TenantCreated(actorUserId, id(tenant), slug, trimmed));
        return new TenantProvisioned(summary(tenant), true);
    }

    /**
     * The tenant with this slug, archived or not (operators only).
     *
     * @throws NoSuchElementException if there is none
     */
    @Transactional(readOnly = true)
    public TenantSummary requireBySlug(TenantScope scope, String slug) {
        requireOperator(scope);
        return tenants.findBySlug(slug)
                .map(TenantService::summary)
                .orElseThrow(() -> new NoSuchElementException("No tenant " + slug + "."));
    }

    /** Gives the tenant a new name (operators only); its slug, and so every URL and key, stays. */
    @Transactional
    public void rename(TenantScope scope, long actorUserId, long tenantId, String name) {
        Tenant tenant = operatorsTenant(scope, tenantId);
        String trimmed = validName(name);
        if (trimmed.equals(tenant.getName())) {
            return;
        }
        String oldName = tenant.getName();
        tenant.rename(trimmed);
        events.publishEvent(new TenantRenamed(actorUserId, tenantId, oldName, trimmed));
    }

    /** Archives the tenant (operators only); returns false if it already was, keeping its first archive date. */
    @Transactional
    public boolean archive(TenantScope scope, long actorUserId, long tenantId) {
        Tenant tenant = operatorsTenant(scope, tenantId);
        if (tenant.getArchivedAt() != null) {
            return false;
        }
        tenant.archive(clock.instant());
        events.publishEvent(new TenantArchived(actorUserId, tenantId));
        return true;
    }

    /** Makes an archived tenant active again (operators only); returns false if it was active. */
    @Transactional
    public boolean restore(TenantScope scope, long actorUserId, long tenantId) {
        Tenant tenant = operatorsTenant(scope, tenantId);
        if (tenant.getArchivedAt() == null) {
            return false;
        }
        tenant.restore();
        events.publishEvent(new TenantRestored(actorUserId, tenantId));
        return true;
    }

    private static String validName(String name) {
        String trimmed = name.trim();
        if (trimmed.isEmpty() || trimmed.length() > MAX_NAME_LENGTH) {
            throw new UnusableValueException("A tenant's name takes 1 to " + MAX_NAME_LENGTH + " characters.");
        }
        return trimmed;
    }

    private static void requireOperator(TenantScope scope) {
        scope.requireOperator("Only operators manage tenants.");
    }

    private Tenant operatorsTenant(TenantScope scope, long tenantId) {
        requireOperator(scope);
        return tenants.findById(tenantId).orElseThrow(() -> new NoSuchElementException("No tenant " + tenantId));
    }

    private static TenantSummary summary(Tenant tenant) {
        return new TenantSummary(id(tenant), tenant.getSlug(), tenant.getName(), tenant.getArchivedAt());
    }

    private static long id(Tenant tenant) {
        return Objects.requireNonNull(tenant.getId());
    }
}
