package dev.inferencemetrics.billing;

import dev.inferencemetrics.api.InstantParameter;
import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestLimits;
import dev.inferencemetrics.rollup.FleetKeys;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * What deployments cost to run, and what their tokens cost and earned in a window. A change takes effect on the
 * half hour, ahead of now, as price changes do; the first cost a deployment gets may start at any half hour (by
 * default the one it was created in), since no figure shown before was built on another. Operators only: GPU
 * costs and margins are the operator's business, not the tenants'.
 */
@Service
public class GpuCostService {

    private final DeploymentService deployments;
    private final GpuCostStore costs;
    private final WindowRevenueStore revenue;
    private final ScrapedReplicaReader scrapedReplicas;
    private final IngestLimits ingestLimits;
    private final AuditLog audit;
    private final Clock clock;

    GpuCostService(
            DeploymentService deployments,
            GpuCostStore costs,
            WindowRevenueStore revenue,
            ScrapedReplicaReader scrapedReplicas,
            IngestLimits ingestLimits,
            AuditLog audit,
            Clock clock) {
        this.deployments = deployments;
        this.costs = costs;
        this.revenue = revenue;
        this.scrapedReplicas = scrapedReplicas;
        this.ingestLimits = ingestLimits;
        this.audit = audit;
        this.clock = clock;
    }

    /**
     * Records a cost change of the deployment from {@code effectiveFrom}; null means from the half hour the
     * deployment was created in, which only its first cost may. A change already scheduled at that instant is
     * replaced. Returns the instant it takes effect.
     */
    @Transactional
    public Instant schedule(TenantScope scope, String deploymentSlug, @Nullable Instant effectiveFrom, GpuCost cost) {
        scope.requireOperator("Only operators set what deployments cost to run.");
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        boolean first = costs.history(deployment.tenantId(), deployment.id()).isEmpty();
        Instant from = effectiveFrom != null
                ? effectiveFrom
                : first ? Resolution.HALF_HOUR.bucketOf(deployment.createdAt()) : null;
        if (from == null) {
            throw new UnusableValueException("A change of an existing GPU cost needs the half hour it takes effect"
                    + " (UTC), e.g. 2026-12-01T00:00:00Z.");
        }
        requireUsable(from, first);
        costs.save(deployment.tenantId(), deployment.id(), from, cost);
        audit.record(
                AuditKind.GPU_COST_CHANGED,
                deployment.tenantId(),
                deployment.slug() + ": " + cost.replicasText() + " × " + cost.gpusPerReplica() + " GPUs at "
                        + cost.currency() + " " + MoneyFormat.exact(cost.pricePerGpuHour()) + " per GPU-hour from "
                        + from);
        return from;
    }

    private void requireUsable(Instant from, boolean first) {
        if (!Resolution.HALF_HOUR.bucketOf(from).equals(from)) {
            throw new UnusableValueException(
                    "A GPU cost takes effect at the start of a half hour (UTC), e.g. 2026-12-01T00:00:00Z.");
        }
        if (from.isAfter(InstantParameter.LATEST)) {
            throw new UnusableValueException("A GPU cost must take effect before the year 10000.");
        }
        Instant earliest = clock.instant().plus(ingestLimits.maxFutureSkew());
        if (!first && !from.isAfter(earliest)) {
            throw new UnusableValueException("A GPU cost change must lie ahead (after " + earliest
                    + ") so that the cost of tokens already made stays as it was.");
        }
    }

    /** The deployment's GPU costs, oldest first; empty when none is set. */
    @Transactional(readOnly = true)
    public List<GpuCostPeriod> history(TenantScope scope, String deploymentSlug) {
        scope.requireOperator("Only operators see what deployments cost to run.");
        DeploymentRef deployment = deployments.require(scope, deploymentSlug);
        return costs.history(deployment.tenantId(), deployment.id());
    }

    /**
     * The GPU cost of many deployments' windows at once, for the fleet: each deployment's GPU cost over
     * [{@code from}, {@code to}), up to {@code now} (the instant the fleet was read at), with the output tokens given for it (all, and those of good requests),
     * by deployment id, from one statement however many deployments there are. Deployments without a GPU cost are
     * left out; for anyone but an operator the answer is empty, as GPU costs are the operator's business. Revenue is
     * not read (none: the fleet shows no margin).
     */
    @Transactional(readOnly = true)
    public Map<Long, CostOfTokens> fleet(
            TenantScope scope,
            FleetKeys deployments,
            Map<Long, TokenCounts> tokens,
            Instant from,
            Instant to,
            Instant now) {
        if (!scope.isOperator()) {
            return Map.of();
        }
        Instant end = to.isAfter(now) ? now : to;
        Map<Long, List<GpuCostPeriod>> histories = costs.historiesById(deployments);
        List<ScrapedReplicaReader.Key> fromScrapes = new ArrayList<>();
        for (int i = 0; i < deployments.deploymentIds().length; i++) {
            List<GpuCostPeriod> history = histories.get(deployments.deploymentIds()[i]);
            if (history != null && readsScrapes(history, from, end)) {
                fromScrapes.add(new ScrapedReplicaReader.Key(
                        deployments.tenantIds()[i], deployments.deploymentIds()[i]));
            }
        }
        Map<Long, ScrapedReplicas> scraped = scrapedReplicas.read(fromScrapes, from, end);
        Map<Long, CostOfTokens> answer = new HashMap<>();
        for (var history : histories.entrySet()) {
            TokenCounts made = tokens.getOrDefault(history.getKey(), TokenCounts.NONE);
            CostOfTokens.GpuSpend spend = CostOfTokens.gpuCost(
                    history.getValue(), scraped.getOrDefault(history.getKey(), ScrapedReplicas.NONE), from, end);
            answer.put(
                    history.getKey(),
                    new CostOfTokens(
                            from,
                            to,
                            true,
                            spend.cost(),
                            made.outputTokens(),
                            made.goodOutputTokens(),
                            Costs.NONE,
                            spend.scraped()));
        }
        return answer;
    }

    /** Output tokens of a window, all and those of good requests. */
    public record TokenCounts(long outputTokens, long goodOutputTokens) {

        static final TokenCounts NONE = new TokenCounts(0, 0);
    }

    /**
     * GPU cost, output tokens (all, and those of good requests), revenue and margin of [{@code from}, {@code to})
     * (whole minutes). GPUs cost only up to
     * now (replicas read from scrapes, up to the last minute that has ended); tokens come from the half-hour rollups when both ends are on the half hour, else the minute rollups.
     */
    @Transactional(readOnly = true)
    public CostOfTokens window(TenantScope scope, DeploymentRef deployment, Instant from, Instant to) {
        scope.requireOperator("Only operators see what deployments cost to run.");
        if (!Resolution.MINUTE.bucketOf(from).equals(from)
                || !Resolution.MINUTE.bucketOf(to).equals(to)) {
            throw new UnusableValueException("from and to must be whole minutes, e.g. 2026-11-22T10:00:00Z");
        }
        if (!from.isBefore(to)) {
            throw new UnusableValueException("from must be before to");
        }
        Resolution resolution = Resolution.HALF_HOUR.bucketOf(from).equals(from)
                        && Resolution.HALF_HOUR.bucketOf(to).equals(to)
                ? Resolution.HALF_HOUR
                : Resolution.MINUTE;
        List<GpuCostPeriod> history = costs.history(deployment.tenantId(), deployment.id());
        Instant now = clock.instant();
        Instant end = to.isAfter(now) ? now : to;
        ScrapedReplicas scraped = readsScrapes(history, from, end)
                ? scrapedReplicas.read(new ScrapedReplicaReader.Key(deployment.tenantId(), deployment.id()), from, end)
                : ScrapedReplicas.NONE;
        CostOfTokens.GpuSpend gpuCost = CostOfTokens.gpuCost(history, scraped, from, end);
        long outputTokens = 0;
        long goodOutputTokens = 0;
        Costs earned = Costs.NONE;
        for (var priced : revenue.tokens(deployment.tenantId(), deployment.id(), from, to, resolution)) {
            outputTokens = Math.addExact(outputTokens, priced.outputTokens());
            goodOutputTokens = Math.addExact(goodOutputTokens, priced.goodOutputTokens());
            earned = earned.plus(priced.price().currency(), priced.revenue());
        }
        return new CostOfTokens(
                from,
                to,
                !history.isEmpty(),
                gpuCost.cost(),
                outputTokens,
                goodOutputTokens,
                earned,
                gpuCost.scraped());
    }

    /** Whether a period of the history that reads its replicas from scrapes overlaps [{@code from}, {@code to}). */
    static boolean readsScrapes(List<GpuCostPeriod> history, Instant from, Instant to) {
        for (int i = 0; i < history.size(); i++) {
            Instant periodEnd = i + 1 < history.size() ? history.get(i + 1).effectiveFrom() : to;
            if (history.get(i).cost().replicasFromScrapes()
                    && history.get(i).effectiveFrom().isBefore(to)
                    && periodEnd.isAfter(from)) {
                return true;
            }
        }
        return false;
    }
}
