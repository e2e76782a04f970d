package dev.inferencemetrics.scrape;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The operators' allow-list of networks and hosts scrape targets may point to. Every change is published. */
@Service
public class AllowListService {

    private final AllowListStore store;
    private final ApplicationEventPublisher events;
    private final TenantService tenants;
    private final Clock clock;

    AllowListService(AllowListStore store, ApplicationEventPublisher events, TenantService tenants, Clock clock) {
        this.store = store;
        this.events = events;
        this.tenants = tenants;
        this.clock = clock;
    }

    @AcrossTenants
    @Transactional(readOnly = true)
    public List<AllowListEntry> entries() {
        return store.entries();
    }

    /** The list as the scraper checks it. */
    @AcrossTenants
    @Transactional(readOnly = true)
    AllowList current() {
        List<String> entries = entries().stream().map(AllowListEntry::entry).toList();
        Map<String, Long> tenantIds = new HashMap<>();
        entries.stream()
                .flatMap(entry -> AllowList.tenantsOf(entry).stream())
                .distinct()
                .forEach(slug -> tenantId(TenantScope.allTenants(), slug).ifPresent(id -> tenantIds.put(slug, id)));
        return new AllowList(entries, tenantIds);
    }

    private Optional<Long> tenantId(TenantScope scope, String slug) {
        try {
            return Optional.of(tenants.requireBySlug(scope, slug).id());
        } catch (NoSuchElementException e) {
            return Optional.empty();
        }
    }

    /**
     * Adds a network (CIDR or address) or host name ({@code *.} for every name below), optionally with a port or
     * range of ports and the tenants it is for ({@code 10.0.0.0/8:8000-8100 for acme,globex}); operators only.
     *
     * @throws UnusableValueException when it is written otherwise, names a tenant there is not, or is already listed
     */
    @Transactional
    public AllowListEntry add(TenantScope scope, String actor, String entry) {
        requireOperator(scope);
        String normal = AllowList.normalise(entry)
                .orElseThrow(() -> new UnusableValueException(
                        "\"" + entry.strip() + "\" is neither a network (10.0.0.0/8, fd00::/8, 10.1.2.3) nor a host"
                                + " name (metrics.internal, *.svc.cluster.local), with an optional port or range"
                                + " (:9000, :8000-8100) and tenants (for acme,globex)"));
        for (String slug : AllowList.tenantsOf(normal)) {
            if (tenantId(scope, slug).isEmpty()) {
                throw new UnusableValueException("there is no tenant " + slug);
            }
        }
        if (entries().stream().anyMatch(existing -> existing.entry().equals(normal))) {
            throw new UnusableValueException(normal + " is already on the list");
        }
        AllowListEntry added = store.insert(normal, clock.instant(), actor);
        events.publishEvent(new AllowListChanged(normal, true));
        return added;
    }

    /** Removes an entry; targets outside the list then fail at their next scrape. Operators only. */
    @Transactional
    public void remove(TenantScope scope, long id) {
        requireOperator(scope);
        store.delete(id).ifPresent(entry -> events.publishEvent(new AllowListChanged(entry, false)));
    }

    private void requireOperator(TenantScope scope) {
        scope.requireOperator("Only operators change the scrape allow-list.");
    }
}
