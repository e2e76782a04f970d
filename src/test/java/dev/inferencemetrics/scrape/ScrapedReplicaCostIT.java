package dev.inferencemetrics.scrape;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.GpuCostService;
import dev.inferencemetrics.billing.MoneyFormat;
import dev.inferencemetrics.billing.UsageFormat;
import dev.inferencemetrics.billing.UsagePeriod;
import dev.inferencemetrics.billing.UsageService;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.BrowserSession;
import dev.inferencemetrics.testing.MutableClock;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.Rfc4180;
import dev.inferencemetrics.testing.ScrapeAllowList;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;

/**
 * A deployment whose GPU cost reads its replicas from scrapes, scraped over planted minutes two days ago: real engine
 * scrapes (SGLang under load, an idle vLLM 0.6, SGLang again) from two replicas for five minutes, then three for five
 * (the third joining in the second round of its first minute), each target twice a minute, beside a DCGM exporter that counts no replica; then two minutes without any scrape. The
 * replica-minutes, the minutes covered and the GPU cost of several windows, and of the day's usage export row, are
 * worked out below from that plan.
 */
class ScrapedReplicaCostIT extends ApiIntegrationTest {

    private static final int GPUS_PER_REPLICA = 4;
    private static final BigDecimal PRICE_PER_GPU_HOUR = new BigDecimal("2.50");
    private static final int TWO_REPLICA_MINUTES = 5;
    private static final int THREE_REPLICA_MINUTES = 5;
    private static final int SCRAPED_MINUTES = TWO_REPLICA_MINUTES + THREE_REPLICA_MINUTES;

    @Autowired
    ScrapeTargetStore targetStore;

    @Autowired
    ScrapeTargetService targets;

    @Autowired
    AllowListService allowList;

    @Autowired
    ScrapeResults results;

    @Autowired
    TenantTransactions transactions;

    @Autowired
    ScrapeProperties properties;

    @Autowired
    GpuCostService costs;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    UsageService usage;

    @Autowired
    RequestRollupStore requestRollups;

    private final EngineServer engines = new EngineServer();
    private final List<Integer> claimed = new java.util.ArrayList<>();
    private MutableClock scrapeClock;
    private ScrapeRunner runner;
    private BrowserSession operator;
    private String deployment;
    private Instant start;

    ScrapedReplicaCostIT() {
        super("scraped-replicas");
    }

    @BeforeAll
    void scrapeTwoThenThreeReplicasOverPlantedMinutes() {
        ScrapeAllowList.permitLoopback(allowList);
        operator = new BrowserSession(port);
        operator.signIn("operator", "demo");
        start = Resolution.HALF_HOUR.bucketOf(clock.instant()).minus(Duration.ofDays(2));
        scrapeClock = new MutableClock(start);
        runner = new ScrapeRunner(targetStore, allowList, results, transactions, properties, scrapeClock);
        deployment = tenant.deployment("replicated");
        engines.serve("/a/metrics", ScrapeReaderTest.DATASETS.resolve("sglang-llama31-8b-under-load.txt"));
        engines.serve("/b/metrics", ScrapeReaderTest.DATASETS.resolve("vllm-0.6-idle.txt"));
        engines.serve("/c/metrics", ScrapeReaderTest.DATASETS.resolve("sglang-llama31-8b-under-load.txt"));
        engines.serve("/gpu/metrics", ScrapeReaderTest.DATASETS.resolve("dcgm-exporter-tesla-t4-busy.txt"));
        TenantScope scope = TenantScope.tenant(tenant.id());
        for (String name : List.of("a", "b", "c", "gpu")) {
            targets.add(scope, deployment, engines.url("/" + name + "/metrics"), "replica-" + name, null, null, null);
        }
        dueAt("replica-a", start);
        dueAt("replica-b", start);
        dueAt("replica-gpu", start);
        // the third replica answers from the sixth minute's second round on, after that minute already counted two
        dueAt("replica-c", start.plus(Duration.ofMinutes(TWO_REPLICA_MINUTES)).plusSeconds(30));
        costs.schedule(
                TenantScope.allTenants(),
                deployment,
                start,
                GpuCost.fromScrapes(GPUS_PER_REPLICA, PRICE_PER_GPU_HOUR.toPlainString(), "USD"));
        for (int minute = 0; minute < SCRAPED_MINUTES; minute++) {
            for (int second : new int[] {5, 35}) {
                Instant at = start.plus(Duration.ofMinutes(minute)).plusSeconds(second);
                scrapeClock.advance(Duration.between(scrapeClock.instant(), at));
                claimed.add(runner.scrapeDueNow());
            }
        }
    }

    @AfterAll
    void stop() throws InterruptedException {
        runner.destroy();
        engines.close();
    }

    @Test
    void every_target_was_scraped_twice_a_minute() {
        List<Integer> expected = IntStream.range(0, SCRAPED_MINUTES * 2)
                .map(scrape -> scrape <= TWO_REPLICA_MINUTES * 2 ? 3 : 4)
                .boxed()
                .toList();

        assertThat(claimed).isEqualTo(expected);
    }

    @Test
    void each_minute_counts_the_engine_replicas_that_answered_once_and_the_half_hour_sums_them() {
        List<Integer> minuteCounts = owner.jdbc()
                .queryForList(
                        "select replicas_max from engine_replica_rollup where tenant_id = ? and resolution_s = 60"
                                + " order by bucket",
                        Integer.class,
                        tenant.id());
        Map<String, Object> halfHour = owner.jdbc()
                .queryForMap(
                        "select minutes, replica_minutes, replicas_max from engine_replica_rollup"
                                + " where tenant_id = ? and resolution_s = 1800 and bucket = ?",
                        tenant.id(),
                        Timestamp.from(start));

        assertThat(minuteCounts).isEqualTo(replicasPerMinute(0, SCRAPED_MINUTES));
        assertThat(halfHour)
                .containsEntry("minutes", SCRAPED_MINUTES)
                .containsEntry("replica_minutes", (long) sum(replicasPerMinute(0, SCRAPED_MINUTES)))
                .containsEntry("replicas_max", 3);
    }

    @Test
    void a_window_with_two_unscraped_minutes_costs_the_scraped_replica_hours_and_says_it_covers_only_those() {
        JsonNode cost = cost(start, start.plus(Duration.ofMinutes(SCRAPED_MINUTES + 2)));

        int replicaMinutes = sum(replicasPerMinute(0, SCRAPED_MINUTES));
        assertThat(cost.get("gpuCost").get("USD").asString()).isEqualTo(expectedCost(replicaMinutes));
        assertThat(cost.get("scrapedReplicas").get("minutes").asLong()).isEqualTo(SCRAPED_MINUTES + 2);
        assertThat(cost.get("scrapedReplicas").get("scrapedMinutes").asLong()).isEqualTo(SCRAPED_MINUTES);
        assertThat(cost.get("scrapedReplicas").get("replicaMinutes").asLong()).isEqualTo(replicaMinutes);
        JsonNode setting = cost.get("gpuCosts").get(0).get("cost");
        assertThat(setting.get("replicasFromScrapes").asBoolean()).isTrue();
        assertThat(setting.get("replicas").isNull()).isTrue();
    }

    @Test
    void a_half_hour_window_reads_the_half_hour_rollup_to_the_same_figures() {
        JsonNode cost = cost(start, start.plus(Resolution.HALF_HOUR.duration()));

        int replicaMinutes = sum(replicasPerMinute(0, SCRAPED_MINUTES));
        assertThat(cost.get("gpuCost").get("USD").asString()).isEqualTo(expectedCost(replicaMinutes));
        assertThat(cost.get("scrapedReplicas").get("minutes").asLong()).isEqualTo(30);
        assertThat(cost.get("scrapedReplicas").get("scrapedMinutes").asLong()).isEqualTo(SCRAPED_MINUTES);
        assertThat(cost.get("scrapedReplicas").get("replicaMinutes").asLong()).isEqualTo(replicaMinutes);
    }

    @Test
    void a_window_across_the_third_replicas_arrival_counts_only_its_own_minutes() {
        JsonNode cost = cost(start.plus(Duration.ofMinutes(3)), start.plus(Duration.ofMinutes(7)));

        int replicaMinutes = sum(replicasPerMinute(3, 7));
        assertThat(replicaMinutes).isEqualTo(2 + 2 + 3 + 3);
        assertThat(cost.get("gpuCost").get("USD").asString()).isEqualTo(expectedCost(replicaMinutes));
        assertThat(cost.get("scrapedReplicas").get("scrapedMinutes").asLong()).isEqualTo(4);
    }

    @Test
    void the_usage_export_row_of_the_day_costs_the_scraped_replica_hours_and_counts_its_minutes() throws IOException {
        LocalDate day = LocalDate.ofInstant(start, ZoneOffset.UTC);
        Instant dayStart = day.atStartOfDay(ZoneOffset.UTC).toInstant();
        long deploymentId =
                owner.jdbc().queryForObject("select id from deployment where slug = ?", Long.class, deployment);
        // a price from the day's start and a half hour of tokens, so that the day has a usage row
        owner.jdbc()
                .update(
                        "insert into deployment_price (tenant_id, deployment_id, effective_from, price_input_per_mtok,"
                                + " price_output_per_mtok, currency) values (?, ?, ?, 1, 2, 'USD')",
                        tenant.id(),
                        deploymentId,
                        Timestamp.from(dayStart));
        RequestRollup tokens = new RequestRollup(start);
        tokens.addRequest(true, 1_000, 2_000);
        transactions.run(
                TenantScope.allTenants(),
                () -> requestRollups.add(tenant.id(), deploymentId, Resolution.HALF_HOUR, List.of(tokens)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        usage.export(TenantScope.allTenants(), tenant.id(), UsagePeriod.through(day, day), UsageFormat.CSV, false, out);

        List<List<String>> records = Rfc4180.parse(out.toString(StandardCharsets.UTF_8));
        List<String> header = records.get(0);
        List<String> row = records.get(1);
        // the cost holds from the planted half hour to the day's end, the replicas answered in ten of those minutes
        long minutesCosted =
                Duration.between(start, dayStart.plus(Duration.ofDays(1))).toMinutes();
        assertThat(records).hasSize(2);
        assertThat(List.of(
                        row.get(header.indexOf("gpu_cost")),
                        row.get(header.indexOf("scraped_cost_minutes")),
                        row.get(header.indexOf("scraped_cost_minutes_seen")),
                        row.get(header.indexOf("scraped_replica_minutes"))))
                .containsExactly(
                        expectedCost(sum(replicasPerMinute(0, SCRAPED_MINUTES))),
                        Long.toString(minutesCosted),
                        Integer.toString(SCRAPED_MINUTES),
                        Integer.toString(sum(replicasPerMinute(0, SCRAPED_MINUTES))));
    }

    @Test
    void the_fleet_says_that_no_replica_answered_in_its_last_hour() {
        HttpResponse<String> answer = operator.get("/api/v1/fleet?q=" + deployment);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        JsonNode row = StreamSupport.stream(
                        json.readTree(answer.body()).path("deployments").spliterator(), false)
                .filter(entry -> entry.path("slug").asString().equals(deployment))
                .findFirst()
                .orElseThrow();

        // the planted minutes lie two days back: the last hour is costed from scrapes, and none answered in it
        JsonNode scraped = row.get("costScrapedReplicas");
        assertThat(scraped.get("minutes").asLong()).isPositive();
        assertThat(scraped.get("scrapedMinutes").asLong()).isZero();
        assertThat(scraped.get("replicaMinutes").asLong()).isZero();
    }

    /** The plan: two replicas in the first five minutes, three in the next five. */
    private static List<Integer> replicasPerMinute(int from, int to) {
        return IntStream.range(from, to)
                .map(minute -> minute < TWO_REPLICA_MINUTES ? 2 : 3)
                .boxed()
                .toList();
    }

    private static int sum(List<Integer> counts) {
        return counts.stream().mapToInt(Integer::intValue).sum();
    }

    /** Replica-minutes ÷ 60 × GPUs per replica × price per GPU-hour, to ten decimal places. */
    private static String expectedCost(int replicaMinutes) {
        return MoneyFormat.exact(BigDecimal.valueOf(replicaMinutes)
                .multiply(BigDecimal.valueOf(GPUS_PER_REPLICA))
                .multiply(PRICE_PER_GPU_HOUR)
                .divide(BigDecimal.valueOf(60), 10, RoundingMode.HALF_EVEN));
    }

    private void dueAt(String replica, Instant at) {
        owner.jdbc()
                .update(
                        "update scrape_target set next_scrape_at = ? where tenant_id = ? and replica = ?",
                        Timestamp.from(at),
                        tenant.id(),
                        replica);
    }

    private JsonNode cost(Instant from, Instant to) {
        HttpResponse<String> answer =
                operator.get("/api/v1/deployments/" + deployment + "/cost?from=" + from + "&to=" + to);
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return json.readTree(answer.body());
    }
}
