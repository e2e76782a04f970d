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
 * the TTFT trends are read for the rows of the page only.
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
                .description("Time to answer a page of the fleet overview, for the UI and the API alike")
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
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must not be negative");
        }
        return latency.record(() -> read(scope, query, offset, limit, trends));
    }

    /**
     * How many deployments match. Without a state filter that is a count of the deployments the text matches, and no
     * rollup is read.
     */
    @Transactional(readOnly = true)
    public int count(TenantScope scope, FleetQuery query) {
        if (!query.states().isEmpty()) {
            return page(scope, query, 0, 0).total();
        }
        return search.find(scope, query.text(), query.includeArchived()).size();
    }

    private FleetPage read(TenantScope scope, FleetQuery query, int offset, int limit, boolean trends) {
        Instant now = clock.instant();
        List<ListedDeployment> deployments = search.find(scope, query.text(), query.includeArchived());
        Comparator<FleetRow> order = query.sort().comparator(query.descending());
        List<FleetReader.Figures> matching = reader.read(scope, deployments, now).stream()
                .filter(figures -> query.admits(figures.row()))
                .sorted(Comparator.comparing(FleetReader.Figures::row, order))
                .toList();
        QueryWindow window = FleetReader.window(now);
        int from = Math.min(offset, matching.size());
        int to = (int) Math.min((long) from + limit, matching.size());
        List<FleetReader.Figures> shown = matching.subList(from, to);
        List<FleetRow> rows = trends
                ? reader.withTrends(shown, now)
                : shown.stream().map(FleetReader.Figures::row).toList();
        return new FleetPage(window.from(), window.to(), matching.size(), from, rows);
    }
}
