package dev.inferencemetrics.scrape;

import dev.inferencemetrics.tenancy.AcrossTenants;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The operators' allow-list of networks and hosts scrape targets may point to. Every change is published. */
@Service
public class AllowListService {

    private final AllowListStore store;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    AllowListService(AllowListStore store, ApplicationEventPublisher events, Clock clock) {
        this.store = store;
        this.events = events;
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
        return new AllowList(entries().stream().map(AllowListEntry::entry).toList());
    }

    /**
     * Adds a network (CIDR or address) or host name ({@code *.} for every name below); operators only.
     *
     * @throws IllegalArgumentException when it is neither, or already listed
     */
    @Transactional
    public AllowListEntry add(TenantScope scope, String actor, String entry) {
        requireOperator(scope);
        String normal = AllowList.normalise(entry)
                .orElseThrow(() -> new IllegalArgumentException(
                        "\"" + entry.strip() + "\" is neither a network (10.0.0.0/8, fd00::/8, 10.1.2.3) nor a host"
                                + " name (metrics.internal, *.svc.cluster.local)"));
        if (entries().stream().anyMatch(existing -> existing.entry().equals(normal))) {
            throw new IllegalArgumentException(normal + " is already on the list");
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
