package dev.inferencemetrics.slo;

import dev.inferencemetrics.audit.AuditKind;
import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.SloPreset;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** A deployment's objectives (defaults filled in), changing them, and their error budgets over the rolling period. */
@Service
@EnableConfigurationProperties(SloProperties.class)
public class SloService {

    /** The burn-down has about this many points, whatever the period. */
    private static final int BURN_DOWN_POINTS = 168;

    private final DeploymentService deployments;
    private final ObjectiveStore objectives;
    private final SloReader reader;
    private final AuditLog audit;
    private final SloProperties properties;
    private final Clock clock;

    SloService(
            DeploymentService deployments,
            ObjectiveStore objectives,
            SloReader reader,
            AuditLog audit,
            SloProperties properties,
            Clock clock) {
        this.deployments = deployments;
        this.objectives = objectives;
        this.reader = reader;
        this.audit = audit;
        this.properties = properties;
        this.clock = clock;
    }

    @Transactional(readOnly = true)
    public List<SloObjective> objectives(TenantScope scope, String slug) {
        return objectives.objectives(deployments.require(scope, slug));
    }

    /** The objectives of a deployment the caller (a system job, say) has already resolved; its tenant declared. */
    public List<SloObjective> objectives(DeploymentRef deployment) {
        return objectives.objectives(deployment);
    }

    /** The objectives of each deployment, by id, in one read; the caller has declared a scope holding them all. */
    public Map<Long, List<SloObjective>> objectives(List<DeploymentRef> deployments) {
        return objectives.objectives(deployments);
    }

    @Transactional
    public void change(TenantScope scope, String slug, SloObjective objective) {
        save(deployments.requireActive(scope, slug), objective);
    }

    /** Sets the TTFT and ITL objectives to the preset's: 99 % within its figures, enabled. */
    @Transactional
    public List<SloObjective> applyPreset(TenantScope scope, String slug, SloPreset preset) {
        DeploymentRef deployment = deployments.requireActive(scope, slug);
        List<SloObjective> set = PresetObjectives.of(preset.ttftP99Ms(), preset.itlP99Ms());
        set.forEach(objective -> save(deployment, objective));
        return set;
    }

    /** Stores and logs an objective of a deployment resolved in the caller's transaction. */
    void save(DeploymentRef deployment, SloObjective objective) {
        objectives.save(deployment, objective);
        audit.record(AuditKind.SLO_CHANGED, deployment.tenantId(), deployment.slug() + ": " + describe(objective));
    }

    /** Each enabled objective's budget over the rolling period ending now, with its burn-down. */
    @Transactional(readOnly = true)
    public List<BudgetReport> budgets(TenantScope scope, String slug) {
        return budgets(deployments.require(scope, slug));
    }

    /** The error budgets of a deployment the caller has resolved already (the deployment page). */
    @Transactional(readOnly = true)
    public List<BudgetReport> budgets(DeploymentRef deployment) {
        Instant to = clock.instant();
        Instant from = Resolution.HALF_HOUR.bucketOf(to.minus(properties.budgetPeriod()));
        List<SloObjective> enabled = objectives.objectives(deployment).stream()
                .filter(SloObjective::enabled)
                .toList();
        CountedBuckets counted = reader.read(deployment, enabled, Resolution.HALF_HOUR, from, to);
        return enabled.stream()
                .map(objective -> report(objective, counted, from, to))
                .toList();
    }

    private BudgetReport report(SloObjective objective, CountedBuckets counted, Instant from, Instant to) {
        EventCounts all = counted.within(objective.kind(), from, to);
        double allowedBad = objective.allowedBadFraction() * all.total();
        List<BudgetPoint> burnDown = new ArrayList<>();
        int every = Math.max(1, counted.buckets().size() / BURN_DOWN_POINTS);
        long bad = 0;
        for (int i = 0; i < counted.buckets().size(); i++) {
            bad += counted.at(objective.kind(), i).bad();
            if ((i + 1) % every == 0 || i == counted.buckets().size() - 1) {
                Instant end = counted.buckets().get(i).plus(Resolution.HALF_HOUR.duration());
                burnDown.add(new BudgetPoint(end, allowedBad == 0 ? 1 : 1 - bad / allowedBad));
            }
        }
        return new BudgetReport(new ErrorBudget(objective, all), properties.budgetPeriod(), from, to, burnDown);
    }

    private static String describe(SloObjective objective) {
        return objective.describe() + (objective.enabled() ? "" : " (off)");
    }
}
