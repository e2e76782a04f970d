package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.deployment.DeploymentSearch;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.rollup.FailedStatus;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.HttpApi;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Goodput and the cost per million tokens on the fleet, on rollups planted in an hour read at a fixed instant, every
 * figure worked out by hand: USD 3.00 an hour at 4,000 output tokens a second is USD 0.208333 per million, and three
 * in four of those tokens made for good requests is USD 0.277778 per million good ones.
 */
class FleetGoodputAndCostIT extends ApiIntegrationTest {

    private static final TenantScope OPERATOR = TenantScope.allTenants();
    private static final int TOKENS_PER_REQUEST = 3_600_000;

    private Instant hourEnd;
    private String planted;
    private String allGood;

    FleetGoodputAndCostIT() {
        super("fleet-goodput");
    }

    @BeforeAll
    void anHourOfPlantedRequestsAndAGpuCost() {
        hourEnd = clock.instant().truncatedTo(ChronoUnit.HOURS).minus(Duration.ofDays(1));
        planted = tenant.deployment("planted");
        allGood = tenant.deployment("all-good");
        Instant bucket = hourEnd.minus(Duration.ofMinutes(30));
        // 3 good requests, 1 over its TTFT threshold, each 1,000 in and 3,600,000 out; 1 error without tokens
        RequestRollup rollup = new RequestRollup(bucket);
        for (RequestOutcome outcome :
                List.of(RequestOutcome.GOOD, RequestOutcome.GOOD, RequestOutcome.GOOD, RequestOutcome.TTFT_BREACH)) {
            rollup.addRequest(true, 1_000, TOKENS_PER_REQUEST);
            rollup.goodput().add(outcome, TOKENS_PER_REQUEST);
        }
        rollup.addRequest(false, 0, 0);
        rollup.addFailure(FailedStatus.ERROR);
        rollup.goodput().add(RequestOutcome.ERROR, 0);
        plant(planted, bucket, rollup);
        RequestRollup good = new RequestRollup(bucket);
        good.addRequest(true, 10, 10);
        good.goodput().add(RequestOutcome.GOOD, 10);
        plant(allGood, bucket, good);
        // a first cost may start at any half hour: 1 GPU at USD 3.00 an hour from well before the hour
        context.getBean(GpuCostService.class)
                .schedule(OPERATOR, planted, hourEnd.minus(Duration.ofHours(2)), GpuCost.of(1, 1, "3.00", "USD"));
    }

    @Test
    void an_operator_sees_goodput_and_the_cost_per_million_output_and_good_output_tokens() {
        FleetRow row = fleetAt(hourEnd)
                .page(OPERATOR, FleetQuery.all().withText(planted), 0, 10)
                .rows()
                .getFirst();

        assertThat(row.requestsPerSecond()).isEqualTo(5.0 / 3_600);
        assertThat(row.goodRequestsPerSecond()).isEqualTo(3.0 / 3_600);
        assertThat(row.goodputPct()).isEqualTo(60.0);
        assertThat(row.tokenGoodputPct()).isEqualTo(75.0);
        assertThat(row.inputTokensPerSecond()).isEqualTo(4_000.0 / 3_600);
        assertThat(row.outputTokensPerSecond()).isEqualTo(4_000.0);
        // 3.00 ÷ 14,400,000 × 10⁶ and 3.00 ÷ 10,800,000 × 10⁶, to a millionth
        assertThat(row.costPerMtokOutput().in("USD")).isEqualTo(new BigDecimal("0.208333"));
        assertThat(row.costPerMtokGoodOutput().in("USD")).isEqualTo(new BigDecimal("0.277778"));
    }

    @Test
    void a_deployment_without_a_gpu_cost_has_an_empty_cost_for_operators_and_tenants_see_none() {
        FleetOverviewService fleet = fleetAt(hourEnd);

        FleetRow operatorsRow = fleet.page(OPERATOR, FleetQuery.all().withText(allGood), 0, 10)
                .rows()
                .getFirst();
        FleetRow tenantsRow = fleet.page(
                        TenantScope.tenant(tenant.id()), FleetQuery.all().withText(planted), 0, 10)
                .rows()
                .getFirst();

        assertThat(operatorsRow.goodputPct()).isEqualTo(100.0);
        assertThat(operatorsRow.costPerMtokOutput().byCurrency()).isEmpty();
        assertThat(tenantsRow.goodputPct()).isEqualTo(60.0);
        assertThat(tenantsRow.costPerMtokOutput()).isNull();
        assertThat(tenantsRow.costPerMtokGoodOutput()).isNull();
    }

    @Test
    void the_fleet_sorts_by_goodput_and_by_cost_per_million_tokens() {
        FleetOverviewService fleet = fleetAt(hourEnd);
        FleetQuery both = FleetQuery.all().withText(tenant.slug());

        assertThat(fleet.page(OPERATOR, both.sortedBy(FleetSort.GOODPUT, true), 0, 10)
                        .rows())
                .extracting(FleetRow::slug)
                .containsExactly(allGood, planted);
        assertThat(fleet.page(OPERATOR, both.sortedBy(FleetSort.COST_PER_MTOK, true), 0, 10)
                        .rows())
                .extracting(FleetRow::slug)
                .containsExactly(planted, allGood);
    }

    @Test
    void the_fleet_api_gives_operators_the_cost_fields_and_tenants_keys_goodput_without_them() {
        BrowserSession operator = new BrowserSession(port);
        operator.signIn("operator", "demo");

        HttpResponse<String> operators = operator.get("/api/v1/fleet?q=" + planted);
        HttpApi.Answer tenants = api.get("/api/v1/fleet?q=" + planted, key);

        assertThat(operators.statusCode()).as(operators.body()).isEqualTo(200);
        JsonNode seen = json.readTree(operators.body()).path("deployments").get(0);
        assertThat(seen.has("costPerMtokOutput")).isTrue();
        assertThat(seen.has("costPerMtokGoodOutput")).isTrue();
        assertThat(seen.has("goodRequestsPerSecond")).isTrue();
        JsonNode own = tenants.json().path("deployments").get(0);
        assertThat(own.has("goodputPct")).isTrue();
        assertThat(own.has("tokenGoodputPct")).isTrue();
        assertThat(own.has("inputTokensPerSecond")).isTrue();
        assertThat(own.has("outputTokensPerSecond")).isTrue();
        assertThat(own.has("costPerMtokOutput")).isFalse();
        assertThat(own.has("costPerMtokGoodOutput")).isFalse();
    }

    @Test
    void the_openapi_document_describes_goodput_and_the_cost_per_million_good_tokens() {
        String docs = api.get("/v3/api-docs", key).body();

        assertThat(docs)
                .contains(
                        "goodRequestsPerSecond",
                        "tokenGoodputPct",
                        "costPerMtokOutput",
                        "costPerMtokGoodOutput",
                        "goodOutputTokens",
                        "output tokens of good requests");
    }

    /** The fleet as the application reads it (transactional, tenant declared), with its clock at {@code now}. */
    private FleetOverviewService fleetAt(Instant now) {
        var service = new FleetOverviewService(
                context.getBean(DeploymentSearch.class),
                context.getBean(FleetReader.class),
                Clock.fixed(now, ZoneOffset.UTC),
                new SimpleMeterRegistry());
        return (FleetOverviewService)
                context.getAutowireCapableBeanFactory().initializeBean(service, "fleetOverviewServiceAt" + now);
    }

    private void plant(String slug, Instant bucket, RequestRollup rollup) {
        var deployment = context.getBean(DeploymentService.class).require(OPERATOR, slug);
        RequestRollupStore store = context.getBean(RequestRollupStore.class);
        context.getBean(TenantTransactions.class).run(OPERATOR, () -> {
            store.add(deployment.tenantId(), deployment.id(), Resolution.MINUTE, List.of(rollup));
            store.add(deployment.tenantId(), deployment.id(), Resolution.HALF_HOUR, List.of(rollup));
        });
    }
}
