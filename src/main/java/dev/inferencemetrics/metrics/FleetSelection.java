package dev.inferencemetrics.metrics;

import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.List;

/**
 * The deployments one fleet query matches, in its order, each with its last hour as of {@code readAt}: the result of
 * one fleet read, from which its size and any of its pages can be answered without reading again. The TTFT trends are
 * not in it; {@link FleetOverviewService#page(TenantScope, FleetSelection, int, int)} reads them for a page's rows.
 */
public final class FleetSelection {

    private final TenantScope scope;
    private final FleetQuery query;
    private final Instant readAt;
    private final List<FleetReader.Figures> matching;

    FleetSelection(TenantScope scope, FleetQuery query, Instant readAt, List<FleetReader.Figures> matching) {
        this.scope = scope;
        this.query = query;
        this.readAt = readAt;
        this.matching = List.copyOf(matching);
    }

    public TenantScope scope() {
        return scope;
    }

    public FleetQuery query() {
        return query;
    }

    public Instant readAt() {
        return readAt;
    }

    /** How many deployments match. */
    public int total() {
        return matching.size();
    }

    /** The {@code limit} matching deployments from {@code offset} on (fewer at the end). */
    List<FleetReader.Figures> slice(int offset, int limit) {
        int from = Math.min(offset, matching.size());
        int to = (int) Math.min((long) from + limit, matching.size());
        return matching.subList(from, to);
    }

    /** These rows as the page from {@code offset} on. */
    FleetPage page(int offset, List<FleetRow> rows) {
        QueryWindow window = FleetReader.window(readAt);
        return new FleetPage(window.from(), window.to(), total(), Math.min(offset, total()), rows);
    }
}
