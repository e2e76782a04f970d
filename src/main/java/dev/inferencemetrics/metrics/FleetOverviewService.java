package dev.inferencemetrics.metrics;

import dev.inferencemetrics.deployment.DeploymentSearch;
import dev.inferencemetrics.deployment.ListedDeployment;
import dev.inferencemetrics.tenancy.TenantScope;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The last hour of every deployment a caller may see — rates, error rate, TTFT and ITL percentiles, KV mean, requests
 * waiting, SLO state and firing alerts — for the fleet overview and {@code GET /api/v1/fleet}. A read costs the same
 * few statements however many deployments match: the text filter runs in PostgreSQL, and the rollups of all matching
 * deployments are read together. State filter, order and paging follow in memory, as the state comes from the figures;
 * the TTFT trends are read for the rows of the page only. One read ({@link #select}) can answer many pages.
 */
@Service
public class FleetOverviewService {

    public static final int MAX_LIMIT = 1_000;

    private final DeploymentSearch search;
    private final FleetReader reader;
    private final Clock clock;
    private final Timer latency;

    FleetOverviewService(DeploymentSearch search, FleetReader reader, Clock clock, MeterRegistry meters) {
        this.search = search;
        this.reader = reader;
        this.clock = clock;
        this.latency = Timer.builder("inference.metrics.fleet.query")
                .description("Time to read the last hour of the fleet for one query, for the UI and the API alike")
                .publishPercentileHistogram()
                .register(meters);
    }

    /** The active deployments the scope covers, firing and breaching first. */
    @Transactional(readOnly = true)
    public List<FleetRow> lastHour(TenantScope scope) {
        return lastHour(scope, false);
    }

    /** The deployments the scope covers; archived ones (or those of archived tenants) only when asked for. */
    @Transactional(readOnly = true)
    public List<FleetRow> lastHour(TenantScope scope, boolean includeArchived) {
        return page(scope, FleetQuery.all().withArchived(includeArchived), 0, Integer.MAX_VALUE)
                .rows();
    }

    /**
     * The {@code limit} deployments from {@code offset} on, of those the scope covers that match the query, in its
     * order, each with its TTFT trend.
     *
     * @throws IllegalArgumentException with a reason for the caller if offset or limit is negative
     */
    @Transactional(readOnly = true)
    public FleetPage page(TenantScope scope, FleetQuery query, int offset, int limit) {
        return page(scope, query, offset, limit, true);
    }

    /**
     * {@link #page(TenantScope, FleetQuery, int, int)}, with the TTFT trends only if asked for: the API has no use
     * for them, and only the page's rows ever have them read.
     */
    @Transactional(readOnly = true)
    public FleetPage page(TenantScope scope, FleetQuery query, int offset, int limit, boolean trends) {
        requireRange(offset, limit);
        FleetSelection selection = select(scope, query);
        return trends ? withTrends(selection, offset, limit) : withoutTrends(selection, offset, limit);
    }

    /**
     * One read of every deployment the scope covers that matches the query, in its order: its size and any number of
     * its pages can then be answered from it ({@link #page(TenantScope, FleetSelection, int, int)}) without reading
     * the fleet again.
     */
    @Transactional(readOnly = true)
    public FleetSelection select(TenantScope scope, FleetQuery query) {
        return latency.record(() -> read(scope, query));
    }

    /**
     * The {@code limit} deployments of an earlier read from {@code offset} on, each with its TTFT trend (read now, for
     * these rows only, over the read's window).
     *
     * @throws IllegalArgumentException if offset or limit is negative, or the read was made for another scope
     */
    @Transactional(readOnly = true)
    public FleetPage page(TenantScope scope, FleetSelection selection, int offset, int limit) {
        requireRange(offset, limit);
        // the trends are read under this call's scope, so it must be the one the deployments were found under
        if (!selection.scope().equals(scope)) {
            throw new IllegalArgumentException("this fleet read was made for another tenant scope");
        }
        return withTrends(selection, offset, limit);
    }

    private FleetSelection read(TenantScope scope, FleetQuery query) {
        Instant now = clock.instant();
        List<ListedDeployment> deployments = search.find(scope, query.text(), query.includeArchived());
        Comparator<FleetRow> order = query.sort().comparator(query.descending());
        List<FleetReader.Figures> matching = reader.read(scope, deployments, now, query.filter()).stream()
                .filter(figures -> query.admits(figures.row()))
                .sorted(Comparator.comparing(FleetReader.Figures::row, order))
                .toList();
        return new FleetSelection(scope, query, now, matching);
    }

    private FleetPage withTrends(FleetSelection selection, int offset, int limit) {
        return selection.page(offset, reader.withTrends(selection.slice(offset, limit), selection.readAt()));
    }

    private static FleetPage withoutTrends(FleetSelection selection, int offset, int limit) {
        return selection.page(
                offset,
                selection.slice(offset, limit).stream()
                        .map(FleetReader.Figures::row)
                        .toList());
    }

    private static void requireRange(int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must not be negative");
        }
    }
}
