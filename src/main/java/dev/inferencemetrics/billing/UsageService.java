package dev.inferencemetrics.billing;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.billing.UsageReport.DeploymentUsage;
import dev.inferencemetrics.tenancy.TenantScope;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.ObjectMapper;

/**
 * Token-metered usage and its cost per tenant, deployment and day, for the Usage page and the exports. A caller
 * scoped to one tenant only ever gets that tenant's usage; asking for another tenant's is refused.
 */
@Service
public class UsageService {

    private final UsageStore store;
    private final PriceStore prices;
    private final GpuCostStore gpuCosts;
    private final ScrapedReplicaReader scrapedReplicas;
    private final ObjectMapper json;
    private final Clock clock;

    UsageService(
            UsageStore store,
            PriceStore prices,
            GpuCostStore gpuCosts,
            ScrapedReplicaReader scrapedReplicas,
            ObjectMapper json,
            Clock clock) {
        this.store = store;
        this.prices = prices;
        this.gpuCosts = gpuCosts;
        this.scrapedReplicas = scrapedReplicas;
        this.json = json;
        this.clock = clock;
    }

    /** The tenants whose usage the scope may see, by name. */
    @Transactional(readOnly = true)
    public List<BillingTenant> tenants(TenantScope scope) {
        return store.tenants(onlyTenant(scope));
    }

    /** The tenant with this slug, if the scope may see it. */
    @Transactional(readOnly = true)
    public Optional<BillingTenant> tenant(TenantScope scope, String slug) {
        return store.tenantBySlug(slug).filter(tenant -> scope.includes(tenant.id()));
    }

    /** Today in the tenant's billing time zone, or in UTC for all tenants. */
    public LocalDate today(@Nullable BillingTenant tenant) {
        return LocalDate.ofInstant(clock.instant(), tenant == null ? ZoneOffset.UTC : tenant.timeZone());
    }

    /**
     * The usage of one tenant (or, for operators, of every tenant when {@code tenantId} is null); for operators each
     * total carries its GPU cost.
     */
    @Transactional(readOnly = true)
    public UsageReport report(TenantScope scope, @Nullable Long tenantId, UsagePeriod period) {
        Long tenant = narrow(scope, tenantId);
        UsageRowCosts costs = costs(scope, tenant, period);
        UsageReport.Builder report = new UsageReport.Builder(period);
        store.forEachRow(tenant, period, row -> report.add(row, costs == null ? null : costs.of(row)));
        return report.build();
    }

    /** Longest page of the per-deployment list a caller may ask for. */
    public static final int MAX_PAGE = 500;

    /**
     * One page of the per-deployment usage of one tenant (or, for operators, of every tenant when {@code tenantId} is
     * null): the deployments with usage in the period that the listing selects, in its order.
     */
    @Transactional(readOnly = true)
    public List<DeploymentUsage> deployments(
            TenantScope scope,
            @Nullable Long tenantId,
            UsagePeriod period,
            UsageListing listing,
            int offset,
            int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("A page starts at 0 or later and holds 0 rows or more.");
        }
        Long tenant = narrow(scope, tenantId);
        UsageRowCosts costs = costs(scope, tenant, period);
        return UsageReport.perDeployment(
                store.deploymentPage(tenant, period, listing, offset, Math.min(limit, MAX_PAGE)),
                row -> costs == null ? null : costs.of(row));
    }

    /** How many deployments {@link #deployments} lists in all. */
    @Transactional(readOnly = true)
    public int deploymentCount(TenantScope scope, @Nullable Long tenantId, UsagePeriod period, UsageListing listing) {
        return store.deploymentCount(narrow(scope, tenantId), period, listing);
    }

    /**
     * Writes the export to {@code out} row by row as PostgreSQL delivers them; leaves {@code out} open. A CSV starts
     * with a UTF-8 byte-order mark if {@code byteOrderMark} (for spreadsheets); JSON never does (RFC 8259).
     */
    @Transactional(readOnly = true)
    public void export(
            TenantScope scope,
            @Nullable Long tenantId,
            UsagePeriod period,
            UsageFormat format,
            boolean byteOrderMark,
            OutputStream out)
            throws IOException {
        export(scope, tenantId, period, UsageGrouping.DEPLOYMENT, format, byteOrderMark, out);
    }

    /**
     * {@link #export(TenantScope, Long, UsagePeriod, UsageFormat, boolean, OutputStream)} summed as the grouping
     * says: by deployment, or by consumer or adapter (one line per value, deployment where per deployment, day and
     * price or currency), without GPU costs, which belong to a deployment and are not divided among its consumers.
     */
    @Transactional(readOnly = true)
    public void export(
            TenantScope scope,
            @Nullable Long tenantId,
            UsagePeriod period,
            UsageGrouping grouping,
            UsageFormat format,
            boolean byteOrderMark,
            OutputStream out)
            throws IOException {
        if (grouping != UsageGrouping.DEPLOYMENT) {
            exportLines(narrow(scope, tenantId), period, grouping, format, byteOrderMark, out);
            return;
        }
        Long tenant = narrow(scope, tenantId);
        UsageWriter writer =
                switch (format) {
                    case CSV -> new UsageCsv(out, byteOrderMark);
                    case JSON -> new UsageJson(json, out, period);
                };
        UsageRowCosts costs = costs(scope, tenant, period);
        try {
            store.forEachRow(tenant, period, row -> {
                try {
                    writer.row(row, costs == null ? null : costs.of(row));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        writer.finish();
    }

    /** Most lines by consumer or adapter the page lists; the downloads hold them all. */
    public static final int MAX_LINES = 2_000;

    /**
     * The period's usage by consumer or adapter (per deployment where the grouping says so), of one tenant or, for
     * operators, of all when {@code tenantId} is null: one line per tenant, value and deployment, in that order; at
     * most {@link #MAX_LINES}.
     */
    @Transactional(readOnly = true)
    public UsageLines lines(TenantScope scope, @Nullable Long tenantId, UsagePeriod period, UsageGrouping grouping) {
        List<UsageLine> lines = new ArrayList<>();
        boolean[] more = {false};
        UsageLineFolder folder = new UsageLineFolder(grouping, false, line -> {
            if (lines.size() < MAX_LINES) {
                lines.add(line);
            } else {
                more[0] = true;
            }
        });
        store.forEachValueRow(narrow(scope, tenantId), period, grouping, folder);
        folder.finish();
        return new UsageLines(lines, !more[0]);
    }

    private void exportLines(
            @Nullable Long tenant,
            UsagePeriod period,
            UsageGrouping grouping,
            UsageFormat format,
            boolean byteOrderMark,
            OutputStream out)
            throws IOException {
        UsageLineWriter writer =
                switch (format) {
                    case CSV -> new UsageLineCsv(out, byteOrderMark, grouping);
                    case JSON -> new UsageLineJson(json, out, period, grouping);
                };
        UsageLineFolder folder = new UsageLineFolder(grouping, true, line -> {
            try {
                writer.line(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        try {
            store.forEachValueRow(tenant, period, grouping, folder);
            folder.finish();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        writer.finish();
    }

    /**
     * GPU costs and margins are the operator's business: for anyone else there are none to show. Replicas read from
     * scrapes are read for the period's days in any time zone (UTC−12 to UTC+14), up to now.
     */
    private @Nullable UsageRowCosts costs(TenantScope scope, @Nullable Long tenant, UsagePeriod period) {
        if (!scope.isOperator()) {
            return null;
        }
        Instant now = clock.instant();
        Map<String, ScrapedReplicaReader.Key> keys = gpuCosts.readingScrapes(tenant);
        Instant from = period.from().atStartOfDay(ZoneOffset.UTC).toInstant().minus(FARTHEST_OFFSET);
        Instant to = period.to().atStartOfDay(ZoneOffset.UTC).toInstant().plus(FARTHEST_OFFSET);
        Map<Long, ScrapedReplicas> byId =
                scrapedReplicas.read(List.copyOf(keys.values()), from, to.isAfter(now) ? now : to);
        Map<String, ScrapedReplicas> bySlug = new HashMap<>();
        keys.forEach((slug, key) -> bySlug.put(slug, byId.getOrDefault(key.deploymentId(), ScrapedReplicas.NONE)));
        return new UsageRowCosts(prices.historiesBySlug(tenant), gpuCosts.historiesBySlug(tenant), bySlug, now);
    }

    /** No time zone's day starts further from UTC midnight than this. */
    private static final Duration FARTHEST_OFFSET = Duration.ofHours(14);

    /** Sets the time zone the tenant's billing days run in (operators only). */
    @Transactional
    public void changeTimeZone(TenantScope scope, long tenantId, ZoneId zone) {
        scope.requireOperator("Only operators change a tenant's billing time zone.");
        BillingTimeZone.requireUsable(zone);
        if (!store.databaseKnowsTimeZone(zone)) {
            throw new UnusableValueException("PostgreSQL does not know the time zone " + zone.getId() + ".");
        }
        store.saveTimeZone(tenantId, zone);
    }

    /** The time zones a tenant's billing days may run in, by name. */
    public List<ZoneId> billingTimeZones() {
        return ZoneId.getAvailableZoneIds().stream()
                .sorted()
                .map(ZoneId::of)
                .filter(BillingTimeZone::isUsable)
                .toList();
    }

    /** The one tenant the query may cover, or null for all; a single-tenant scope never reaches past its tenant. */
    private static @Nullable Long narrow(TenantScope scope, @Nullable Long tenantId) {
        return switch (scope) {
            case TenantScope.AllTenants all -> tenantId;
            case TenantScope.SingleTenant single -> {
                if (tenantId != null && tenantId != single.tenantId()) {
                    throw new AccessDeniedException("Usage of another tenant.");
                }
                yield single.tenantId();
            }
        };
    }

    private static @Nullable Long onlyTenant(TenantScope scope) {
        return narrow(scope, null);
    }
}
