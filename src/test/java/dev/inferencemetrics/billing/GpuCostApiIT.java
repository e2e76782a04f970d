package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.audit.AuditLog;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestLimits;
import dev.inferencemetrics.rollup.RequestOutcome;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.HttpIntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.Rfc4180;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.AutowireCapableBeanFactory;
import tools.jackson.databind.JsonNode;

/**
 * The cost of a window's tokens through the API, on planted rollups, a token price change and a GPU cost change:
 * every figure is worked out by hand below.
 */
class GpuCostApiIT extends HttpIntegrationTest {

    private static final TenantScope OPERATOR = TenantScope.allTenants();

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    RequestRollupStore rollups;

    @Autowired
    PriceStore priceStore;

    @Autowired
    GpuCostStore costStore;

    @Autowired
    WindowRevenueStore revenueStore;

    @Autowired
    IngestLimits ingestLimits;

    @Autowired
    ScrapedReplicaReader scrapedReplicas;

    @Autowired
    AuditLog auditLog;

    @Autowired
    AutowireCapableBeanFactory beans;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    UsageService usage;

    private BrowserSession operator;
    private String slug;
    private long tenant;
    private Instant day;

    @BeforeAll
    void plantedTokensPricesAndGpuCosts() {
        operator = new BrowserSession(port);
        operator.signIn("operator", "demo");
        String suffix = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        tenant = tenants.createIfAbsent("gpu-cost-" + suffix, "GPU Cost " + suffix);
        slug = "gpu-cost-" + suffix;
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, slug, "m", "vLLM", "eu")
                .withPrices(new BigDecimal("1.00"), new BigDecimal("2.00"), "USD"));
        day = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC)
                .minusDays(10)
                .atStartOfDay()
                .toInstant(ZoneOffset.UTC);
        Instant before = day.minusSeconds(3_600);
        prices(before).schedule(OPERATOR, slug, at(6, 0), TokenPrice.of("0.50", "4.00", "USD"));
        // the first cost may start at any half hour; the change must lie ahead of its clock
        costs(before).schedule(OPERATOR, slug, day, GpuCost.of(8, 2, "2.50", "USD"));
        costs(before).schedule(OPERATOR, slug, at(12, 0), GpuCost.of(8, 3, "2.10", "USD"));
        tokens(at(3, 0), 1_000_000, 500_000, RequestOutcome.GOOD); // at 1.00 / 2.00: 1.00 + 1.00
        tokens(at(13, 0), 2_000_000, 3_500_000, RequestOutcome.TTFT_BREACH); // at 0.50 / 4.00: 1.00 + 14.00
    }

    @Test
    void a_day_across_both_changes_costs_exactly_the_sum_of_its_periods() {
        JsonNode cost = cost(day, day.plusSeconds(86_400));

        // 12 h × 8 × 2 × 2.50 = 480.00, then 12 h × 8 × 3 × 2.10 = 604.80
        assertThat(cost.get("costKnown").asBoolean()).isTrue();
        assertThat(cost.get("gpuCost").get("USD").asString()).isEqualTo("1084.80");
        assertThat(cost.get("outputTokens").asLong()).isEqualTo(4_000_000);
        assertThat(cost.get("costPerMtokOutput").get("USD").asString()).isEqualTo("271.20");
        assertThat(cost.get("revenue").get("USD").asString()).isEqualTo("17.00");
        assertThat(cost.get("margin").get("USD").asString()).isEqualTo("-1067.80");
        assertThat(cost.get("gpuCosts")).hasSize(2);
        // only the 03:00 request met the goodput SLO: 1,084.80 ÷ 500,000 × 10⁶
        assertThat(cost.get("goodOutputTokens").asLong()).isEqualTo(500_000);
        assertThat(cost.get("costPerMtokGoodOutput").get("USD").asString()).isEqualTo("2169.60");
    }

    @Test
    void a_window_without_good_tokens_has_no_cost_per_million_good_tokens() {
        JsonNode cost = cost(at(12, 0), at(18, 0));

        // 6 h × 50.40 = 302.40 for 3,500,000 output tokens, none of them of a good request
        assertThat(cost.get("costPerMtokOutput").get("USD").asString()).isEqualTo("86.40");
        assertThat(cost.get("goodOutputTokens").asLong()).isZero();
        assertThat(cost.get("costPerMtokGoodOutput").size()).isZero();
    }

    @Test
    void a_window_before_the_changes_uses_the_first_cost_and_price_only() {
        JsonNode cost = cost(day, at(6, 0));

        // 6 h × 40.00 = 240.00 for 500,000 output tokens
        assertThat(cost.get("gpuCost").get("USD").asString()).isEqualTo("240.00");
        assertThat(cost.get("costPerMtokOutput").get("USD").asString()).isEqualTo("480.00");
        assertThat(cost.get("costPerMtokGoodOutput").get("USD").asString()).isEqualTo("480.00");
        assertThat(cost.get("revenue").get("USD").asString()).isEqualTo("2.00");
        assertThat(cost.get("margin").get("USD").asString()).isEqualTo("-238.00");
    }

    @Test
    void a_window_before_any_cost_has_revenue_but_no_gpu_cost() {
        JsonNode cost = cost(day.minusSeconds(3_600), day);

        assertThat(cost.get("gpuCost").size()).isZero();
        assertThat(cost.get("costPerMtokOutput").size()).isZero();
        assertThat(cost.get("outputTokens").asLong()).isZero();
    }

    @Test
    void a_window_off_the_minute_is_a_400_problem() {
        HttpResponse<String> answer =
                operator.get("/api/v1/deployments/" + slug + "/cost?from=" + day.plusSeconds(30) + "&to=" + at(1, 0));

        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
        assertThat(answer.body()).contains("whole minutes");
    }

    @Test
    void a_cost_change_into_the_past_or_off_the_half_hour_is_refused_and_each_change_is_audited() {
        assertThatThrownBy(
                        () -> costs(clock.instant()).schedule(OPERATOR, slug, at(18, 0), GpuCost.of(1, 1, "1", "USD")))
                .isInstanceOf(UnusableValueException.class)
                .hasMessageContaining("must lie ahead");
        assertThatThrownBy(() -> costs(clock.instant())
                        .schedule(OPERATOR, slug, day.plusSeconds(86_400 * 30 + 60), GpuCost.of(1, 1, "1", "USD")))
                .isInstanceOf(UnusableValueException.class)
                .hasMessageContaining("start of a half hour");
        assertThatThrownBy(() -> costs(clock.instant()).schedule(OPERATOR, slug, null, GpuCost.of(1, 1, "1", "USD")))
                .isInstanceOf(UnusableValueException.class);
        assertThat(owner.jdbc()
                        .queryForList(
                                "select detail from audit_event where tenant_id = ? and kind = 'GPU_COST_CHANGED'"
                                        + " order by id",
                                String.class,
                                tenant))
                .containsExactly(
                        slug + ": 2 replicas × 8 GPUs at USD 2.50 per GPU-hour from " + day,
                        slug + ": 3 replicas × 8 GPUs at USD 2.10 per GPU-hour from " + at(12, 0));
    }

    @Test
    void the_usage_export_gives_each_row_the_gpu_cost_of_its_day_and_price_for_operators_only() throws IOException {
        UsagePeriod period = UsagePeriod.through(dayDate(), dayDate());

        List<List<String>> rows = csv(OPERATOR, period);

        // 00:00–06:00 at the first price: 6 h × 40.00; 06:00–24:00 at the second: 6 h × 40.00 + 12 h × 50.40
        assertThat(rows)
                .extracting(row -> String.join(" ", row.subList(15, 20)))
                .containsExactly("2.00 USD 240.00 480.00 -238.00", "15.00 USD 844.80 241.371429 -829.80");
        // then the cost per million good output tokens and the goodput counts and shares
        assertThat(rows)
                .extracting(row -> String.join(" ", row.subList(20, 27)))
                .containsExactly("480.00 1 1 500000 500000 100.0000 100.0000", " 1 0 3500000 0 0.0000 0.0000");
        List<List<String>> tenantRows = csv(TenantScope.tenant(tenant), period);
        assertThat(tenantRows).allSatisfy(row -> assertThat(row.subList(16, 21)).containsOnly(""));
        assertThat(tenantRows).extracting(row -> row.get(22)).containsExactly("1", "0");
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        usage.export(OPERATOR, tenant, period, UsageFormat.JSON, false, json);
        JsonNode first = this.json
                .readTree(json.toString(StandardCharsets.UTF_8))
                .get("rows")
                .get(0);
        assertThat(List.of(
                        first.get("gpuCostCurrency").asString(),
                        first.get("gpuCost").asString(),
                        first.get("gpuCostPerMtokOutput").asString(),
                        first.get("margin").asString()))
                .containsExactly("USD", "240.00", "480.00", "-238.00");
        assertThat(first.get("gpuCostPerMtokGoodOutput").asString()).isEqualTo("480.00");
        assertThat(first.get("goodRequests").asLong()).isEqualTo(1);
        assertThat(first.get("goodputPct").decimalValue()).isEqualByComparingTo("100");
    }

    private List<List<String>> csv(TenantScope scope, UsagePeriod period) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        usage.export(scope, tenant, period, UsageFormat.CSV, false, out);
        List<List<String>> records = Rfc4180.parse(out.toString(StandardCharsets.UTF_8));
        assertThat(records.getFirst()).isEqualTo(UsageCsv.COLUMNS);
        return records.subList(1, records.size());
    }

    private LocalDate dayDate() {
        return LocalDate.ofInstant(day, ZoneOffset.UTC);
    }

    private JsonNode cost(Instant from, Instant to) {
        HttpResponse<String> answer = operator.get("/api/v1/deployments/" + slug + "/cost?from=" + from + "&to=" + to);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return json.readTree(answer.body());
    }

    private Instant at(int hour, int minute) {
        return day.plusSeconds(hour * 3_600L + minute * 60L);
    }

    private void tokens(Instant bucket, int input, int output, RequestOutcome outcome) {
        var deployment = deployments.require(OPERATOR, slug);
        RequestRollup rollup = new RequestRollup(bucket);
        rollup.addRequest(true, input, output);
        rollup.goodput().add(outcome, output);
        tenantTransactions.run(
                OPERATOR,
                () -> rollups.add(deployment.tenantId(), deployment.id(), Resolution.HALF_HOUR, List.of(rollup)));
    }

    /** The services as the application has them (transactional, tenant declared), but with their clock at {@code now}. */
    private PriceService prices(Instant now) {
        var service = new PriceService(deployments, priceStore, ingestLimits, Clock.fixed(now, ZoneOffset.UTC));
        return (PriceService) beans.initializeBean(service, "priceServiceAt" + now);
    }

    private GpuCostService costs(Instant now) {
        var service = new GpuCostService(
                deployments,
                costStore,
                revenueStore,
                scrapedReplicas,
                ingestLimits,
                auditLog,
                Clock.fixed(now, ZoneOffset.UTC));
        return (GpuCostService) beans.initializeBean(service, "gpuCostServiceAt" + now);
    }
}
