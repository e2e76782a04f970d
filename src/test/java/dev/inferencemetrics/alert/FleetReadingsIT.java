package dev.inferencemetrics.alert;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.EngineGauges;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.slo.SloKind;
import dev.inferencemetrics.slo.SloObjective;
import dev.inferencemetrics.slo.SloService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * A deployment read with the rest of its fleet and read alone — as the evaluator reads a new deployment, or each one
 * when the joint read fails — gets the same rules, objectives, open alerts, silences and, for every rule, the same
 * value and step. The joint read spans the longest window of every deployment read, a lone read only the deployment's
 * own, so deployments with shorter longest windows are here: any window whose bounds depended on who else was read
 * would give one of them another value. Every rule kind and objective has data at the edges of each of its windows
 * (the bucket that starts a window, the one before it), with failed requests and KV-cache and waiting readings; one
 * deployment has no data at all.
 */
@IntegrationTest
class FleetReadingsIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    FleetReadings readings;

    @Autowired
    AlertEvaluator evaluator;

    @Autowired
    AlertService alerts;

    @Autowired
    SloService slos;

    @Autowired
    DeploymentService deployments;

    @Autowired
    RequestRollupStore requests;

    @Autowired
    KvRollupStore kv;

    @Autowired
    EngineGaugeRollupStore gauges;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    Clock clock;

    /** On a half hour, so the first bucket of every window starts exactly at the window's start. */
    Instant now;

    @Test
    void each_deployment_read_with_the_fleet_reads_as_it_reads_alone() {
        now = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofHours(2));
        TestTenant tenant = TestTenant.create(context, "fleet-read");
        TenantScope scope = TenantScope.tenant(tenant.id());
        // every rule on: windows up to 3 days
        DeploymentRef everyRule = withData(scope, tenant.deployment("every-rule"));
        // only the TTFT fast burn (1 h, minute buckets): alone it reads no half hours, nor KV
        DeploymentRef oneHour = withData(scope, tenant.deployment("one-hour"));
        only(scope, oneHour, rule -> rule.name().equals("TTFT fast burn"));
        // no budget burns: alone its half hours span 6 h, not 3 days
        DeploymentRef sixHours = withData(scope, tenant.deployment("six-hours"));
        only(scope, sixHours, rule -> !rule.name().endsWith("budget burn"));
        DeploymentRef empty = deployment(scope, tenant.deployment("empty"));
        alerts.rules(scope, empty.slug());
        List<DeploymentRef> fleet = List.of(everyRule, oneHour, sixHours, empty);
        // opens the alerts of the rules whose values are high, and adds the waiting rule where the gauge is read
        assertThat(evaluator.evaluate(scope, now, () -> true).failed()).isZero();
        alerts.silence(scope, everyRule.slug(), null, clock.instant().plus(Duration.ofHours(1)), "maintenance");

        for (Instant at : List.of(now, now.plusSeconds(30), now.plus(Duration.ofMinutes(17)))) {
            FleetReadings.Snapshot together = read(fleet, at);
            for (DeploymentRef deployment : fleet) {
                FleetReadings.PlannedEvaluation joint =
                        together.plan(deployment).orElseThrow();
                FleetReadings.PlannedEvaluation alone =
                        read(List.of(deployment), at).plan(deployment).orElseThrow();
                String what = deployment.slug() + " at " + at;
                assertThat(alone.rules()).as(what).isEqualTo(joint.rules());
                assertThat(alone.values().objectives())
                        .as(what)
                        .isEqualTo(joint.values().objectives());
                assertThat(alone.open()).as(what).isEqualTo(joint.open());
                assertThat(alone.silences()).as(what).isEqualTo(joint.silences());
                assertThat(Decision.of(alone, at)).as(what).isEqualTo(Decision.of(joint, at));
            }
        }

        FleetReadings.PlannedEvaluation every = read(fleet, now).plan(everyRule).orElseThrow();
        // five objectives with four burn rules each, KV, waiting, concurrency and consumer
        assertThat(every.rules()).hasSize(24);
        assertThat(every.rules())
                .filteredOn(rule -> rule.kind() != RuleKind.CONCURRENCY_MEAN && rule.kind() != RuleKind.CONSUMER_TTFT)
                .as("the data reach every rule: each has a value")
                .allSatisfy(rule -> assertThat(Decision.valueOf(rule, every.values()))
                        .as(rule.name())
                        .isPositive());
        assertThat(every.rules())
                .filteredOn(rule -> rule.kind() == RuleKind.CONCURRENCY_MEAN)
                .as("a concurrency rule without a knee (too little spread here) has no value")
                .singleElement()
                .satisfies(rule ->
                        assertThat(Decision.valueOf(rule, every.values())).isZero());
        assertThat(every.rules())
                .filteredOn(rule -> rule.kind() == RuleKind.CONSUMER_TTFT)
                .as("no request named a consumer, so none is outside the objective")
                .singleElement()
                .satisfies(rule ->
                        assertThat(Decision.valueOf(rule, every.values())).isZero());
        assertThat(every.values().scalingPoint().concurrency()).isNull();
        assertThat(every.values().scalingPoint().note()).startsWith("No knee found, so this rule does not fire");
        assertThat(every.rules()).extracting(AlertRule::kind).containsAll(Set.of(RuleKind.values()));
        assertThat(every.values().objectives()).containsOnlyKeys(SloKind.values());
        assertThat(every.open()).isNotEmpty();
        assertThat(every.silences()).hasSize(1);
        assertThat(read(fleet, now).halfHours().get(oneHour.id()).buckets())
                .as("read with the fleet, the one-hour deployment's half hours span 3 days")
                .hasSize(3 * 48 + 1);
        assertThat(read(List.of(oneHour), now).halfHours()).doesNotContainKey(oneHour.id());
        assertThat(read(List.of(sixHours), now).halfHours().get(sixHours.id()).buckets())
                .as("alone, the six-hour deployment's half hours span 6 hours")
                .hasSize(6 * 2 + 1);
        FleetReadings.PlannedEvaluation nothing =
                read(List.of(empty), now).plan(empty).orElseThrow();
        assertThat(nothing.rules()).isNotEmpty().allSatisfy(rule -> assertThat(Decision.valueOf(rule, nothing.values()))
                .isZero());
    }

    private FleetReadings.Snapshot read(List<DeploymentRef> read, Instant at) {
        return transactions.call(TenantScope.allTenants(), () -> readings.read(read, at));
    }

    /**
     * Every objective on, at thresholds some requests miss (goodput: the slow ones breach the goodput SLO); minute buckets over the last hour and the minute before
     * it, half-hour buckets over 3 days and the half hour before; KV-cache and waiting readings over the last 6
     * minutes. Each bucket holds a different number of requests, some slow, some failed.
     */
    private DeploymentRef withData(TenantScope scope, String slug) {
        DeploymentRef deployment = deployment(scope, slug);
        slos.change(scope, slug, new SloObjective(SloKind.TTFT, 95, 200.0, true));
        slos.change(scope, slug, new SloObjective(SloKind.ITL, 95, 30.0, true));
        slos.change(scope, slug, new SloObjective(SloKind.E2E, 95, 1_000.0, true));
        slos.change(scope, slug, new SloObjective(SloKind.AVAILABILITY, 99, null, true));
        slos.change(scope, slug, new SloObjective(SloKind.GOODPUT, 90, null, true));
        List<RequestRollup> minutes = new ArrayList<>();
        for (int minute = 0; minute <= 61; minute++) {
            minutes.add(requests(now.minus(Duration.ofMinutes(minute)), minute));
        }
        List<RequestRollup> halfHours = new ArrayList<>();
        for (int halfHour = 0; halfHour <= 3 * 48 + 1; halfHour++) {
            halfHours.add(requests(now.minus(Duration.ofMinutes(30L * halfHour)), halfHour));
        }
        List<KvRollup> kvMinutes = new ArrayList<>();
        List<EngineGaugeRollup> waitingMinutes = new ArrayList<>();
        for (int minute = 0; minute <= 6; minute++) {
            Instant bucket = now.minus(Duration.ofMinutes(minute));
            kvMinutes.add(KvRollup.of(bucket, 50 + 7 * minute));
            waitingMinutes.add(new EngineGaugeRollup(EngineGauges.WAITING, bucket, 2, 2 * (3 + minute), 3, 3 + minute));
        }
        transactions.run(scope, () -> {
            requests.add(deployment.tenantId(), deployment.id(), Resolution.MINUTE, minutes);
            requests.add(deployment.tenantId(), deployment.id(), Resolution.HALF_HOUR, halfHours);
            kv.add(deployment.tenantId(), deployment.id(), Resolution.MINUTE, kvMinutes);
            gauges.add(deployment.tenantId(), deployment.id(), Resolution.MINUTE, waitingMinutes);
        });
        return deployment;
    }

    /** {@code 5 + i % 7} requests: fast and slow ones in turn, every third one failed. */
    private static RequestRollup requests(Instant bucket, int i) {
        RequestRollup rollup = new RequestRollup(bucket);
        for (int request = 0; request < 5 + i % 7; request++) {
            boolean ok = request % 3 != 2;
            rollup.addRequest(ok, 100, 10);
            if (ok) {
                boolean slow = (request + i) % 2 == 0;
                rollup.goodput().add(slow ? RequestOutcome.TTFT_BREACH : RequestOutcome.GOOD, 10);
                rollup.ttft().add(slow ? 400 : 100);
                rollup.itl().add(slow ? 50 : 20);
                rollup.e2e().add(slow ? 2_000 : 500);
            } else {
                rollup.goodput().add(RequestOutcome.ERROR, 0);
                rollup.addFailure(FailedStatus.ERROR);
            }
        }
        return rollup;
    }

    /** Switches off every rule of the deployment but those {@code kept}. */
    private void only(TenantScope scope, DeploymentRef deployment, Predicate<AlertRule> kept) {
        for (AlertRule rule : alerts.rules(scope, deployment.slug())) {
            if (!kept.test(rule)) {
                alerts.changeRule(
                        scope,
                        deployment.slug(),
                        rule.id(),
                        new RuleSettings(rule.threshold(), rule.clearBelow(), rule.forDuration(), false));
            }
        }
    }

    private DeploymentRef deployment(TenantScope scope, String slug) {
        return deployments.require(scope, slug);
    }
}
