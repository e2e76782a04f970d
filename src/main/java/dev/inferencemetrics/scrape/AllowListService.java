package dev.inferencemetrics.scrape;

import dev.inferencemetrics.security.DatabaseTenant;
import dev.inferencemetrics.security.TenantScope;
import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The operators' allow-list of networks and hosts scrape targets may point to. Every change is published. */
@Service
public class AllowListService {

    private final JdbcClient jdbc;
    private final DatabaseTenant databaseTenant;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    AllowListService(JdbcClient jdbc, DatabaseTenant databaseTenant, ApplicationEventPublisher events, Clock clock) {
        this.jdbc = jdbc;
        this.databaseTenant = databaseTenant;
        this.events = events;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<AllowListEntry> entries() {
        return jdbc.sql("select id, entry, created_at, created_by from scrape_allowed_network order by entry")
                .query((rs, row) -> new AllowListEntry(
                        rs.getLong("id"),
                        rs.getString("entry"),
                        rs.getTimestamp("created_at").toInstant(),
                        rs.getString("created_by")))
                .list();
    }

    /** The list as the scraper checks it. */
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
        long id = jdbc.sql("insert into scrape_allowed_network (entry, created_at, created_by) values (?, ?, ?)"
                        + " returning id")
                .params(normal, Timestamp.from(clock.instant()), actor)
                .query(Long.class)
                .single();
        events.publishEvent(new AllowListChanged(normal, true));
        return new AllowListEntry(id, normal, clock.instant(), actor);
    }

    /** Removes an entry; targets outside the list then fail at their next scrape. Operators only. */
    @Transactional
    public void remove(TenantScope scope, long id) {
        requireOperator(scope);
        jdbc.sql("delete from scrape_allowed_network where id = ? returning entry")
                .param(id)
                .query(String.class)
                .optional()
                .ifPresent(entry -> events.publishEvent(new AllowListChanged(entry, false)));
    }

    private void requireOperator(TenantScope scope) {
        if (!(scope instanceof TenantScope.AllTenants)) {
            throw new AccessDeniedException("Only operators change the scrape allow-list.");
        }
        databaseTenant.declare(scope);
    }
}
