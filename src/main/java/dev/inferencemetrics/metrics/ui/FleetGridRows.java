package dev.inferencemetrics.metrics.ui;

import dev.inferencemetrics.metrics.FleetOverviewService;
import dev.inferencemetrics.metrics.FleetQuery;
import dev.inferencemetrics.metrics.FleetRow;
import dev.inferencemetrics.metrics.FleetSelection;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The fleet grid's size and rows for one signed-in person. The grid asks for its size, then for its rows a page at a
 * time — the first page with the page itself, the pages around what the browser shows right after — and sorting the
 * fleet by state takes every matching deployment's last hour, so each question would read the whole fleet again. One
 * read answers them all while the query (filter, archived, order) stays the same, for {@link #REUSE_FOR} at most; a
 * page's rows, with their TTFT trends, are kept with it. Held by one view, so nothing is shared between people.
 */
final class FleetGridRows {

    /** Long enough for a page load's requests; short enough that a later scroll shows figures read anew. */
    static final Duration REUSE_FOR = Duration.ofSeconds(10);

    private final FleetOverviewService fleet;
    private final TenantScope scope;
    private final Clock clock;
    private @Nullable FleetSelection selection;
    private final Map<Page, List<FleetRow>> pages = new HashMap<>();

    FleetGridRows(FleetOverviewService fleet, TenantScope scope, Clock clock) {
        this.fleet = fleet;
        this.scope = scope;
        this.clock = clock;
    }

    int count(FleetQuery query) {
        return selection(query).total();
    }

    List<FleetRow> rows(FleetQuery query, int offset, int limit) {
        FleetSelection current = selection(query);
        return pages.computeIfAbsent(new Page(offset, limit), page -> fleet.page(scope, current, offset, limit)
                .rows());
    }

    private FleetSelection selection(FleetQuery query) {
        FleetSelection current = selection;
        if (current == null
                || !current.query().equals(query)
                || clock.instant().isAfter(current.readAt().plus(REUSE_FOR))) {
            current = fleet.select(scope, query);
            selection = current;
            pages.clear();
        }
        return current;
    }

    private record Page(int offset, int limit) {}
}
