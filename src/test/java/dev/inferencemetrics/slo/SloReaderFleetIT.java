package dev.inferencemetrics.slo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * The alert evaluator's fleet-wide read keeps each bucket's counts between calls; whatever the rollups did meanwhile
 * — a bucket grew, a new one came, the objective changed — it must count exactly what a fresh read of the deployment
 * counts.
 */
@IntegrationTest
class SloReaderFleetIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    SloReader reader;

    @Autowired
    SloService slos;

    @Autowired
    DeploymentService deployments;

    @Autowired
    RequestRollupStore rollups;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    Clock clock;

    @Test
    void kept_counts_always_match_a_fresh_read_as_buckets_grow_arrive_and_objectives_change() {
        TestTenant tenant = TestTenant.create(context, "fleet-counts");
        DeploymentRef deployment = deployments.require(TenantScope.allTenants(), tenant.deployment("chat"));
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(30));
        Instant end = start.plus(Duration.ofMinutes(20));
        List<SloObjective> objectives = enabled(deployment);
        for (int minute = 0; minute < 10; minute++) {
            store(deployment, start.plus(Duration.ofMinutes(minute)), 20, 100 + 60 * minute);
        }

        CountedBuckets first = fleet(deployment, objectives, start, end);
        assertSameAsFreshRead(first, deployment, objectives, start, end);

        store(deployment, start.plus(Duration.ofMinutes(9)), 30, 2_000);
        store(deployment, start.plus(Duration.ofMinutes(10)), 5, 50);
        CountedBuckets grown = fleet(deployment, objectives, start, end);
        assertSameAsFreshRead(grown, deployment, objectives, start, end);
        assertThat(grown.buckets()).hasSize(11);
        assertThat(grown.at(SloKind.TTFT, 9).total()).isEqualTo(50);
        assertThat(grown.at(SloKind.TTFT, 9).good())
                .as("the grown bucket is counted anew")
                .isLessThan(first.at(SloKind.TTFT, 9).good() + 30);

        List<SloObjective> stricter = objectives.stream()
                .map(objective -> objective.kind() == SloKind.TTFT
                        ? new SloObjective(SloKind.TTFT, objective.targetPct(), 150.0, true)
                        : objective)
                .toList();
        CountedBuckets recounted = fleet(deployment, stricter, start, end);
        assertSameAsFreshRead(recounted, deployment, stricter, start, end);
        assertThat(recounted.within(SloKind.TTFT, start, end).good())
                .isLessThan(grown.within(SloKind.TTFT, start, end).good());
    }

    private List<SloObjective> enabled(DeploymentRef deployment) {
        return transactions.call(TenantScope.allTenants(), () -> slos.objectives(deployment).stream()
                .filter(SloObjective::enabled)
                .toList());
    }

    /** {@code requests} requests in the bucket, TTFT spread evenly from {@code lowestMs} up by 10 ms each. */
    private void store(DeploymentRef deployment, Instant bucket, int requests, double lowestMs) {
        RequestRollup delta = new RequestRollup(bucket);
        for (int i = 0; i < requests; i++) {
            delta.addRequest(true, 100, 10);
            delta.ttft().add(lowestMs + 10 * i);
            delta.itl().add(20 + i);
            delta.e2e().add(lowestMs + 1_000);
        }
        transactions.run(
                TenantScope.allTenants(),
                () -> rollups.add(deployment.tenantId(), deployment.id(), Resolution.MINUTE, List.of(delta)));
    }

    private CountedBuckets fleet(DeploymentRef deployment, List<SloObjective> objectives, Instant from, Instant to) {
        return transactions
                .call(
                        TenantScope.allTenants(),
                        () -> reader.readFleet(
                                List.of(deployment), Map.of(deployment.id(), objectives), Resolution.MINUTE, from, to))
                .get(deployment.id());
    }

    private void assertSameAsFreshRead(
            CountedBuckets fleet, DeploymentRef deployment, List<SloObjective> objectives, Instant from, Instant to) {
        CountedBuckets fresh = transactions.call(
                TenantScope.allTenants(), () -> reader.read(deployment, objectives, Resolution.MINUTE, from, to));
        assertThat(fleet.buckets()).isEqualTo(fresh.buckets());
        for (SloObjective objective : objectives) {
            for (int i = 0; i < fresh.buckets().size(); i++) {
                assertThat(fleet.at(objective.kind(), i))
                        .as("%s in bucket %s", objective.kind(), fresh.buckets().get(i))
                        .isEqualTo(fresh.at(objective.kind(), i));
            }
        }
    }
}
