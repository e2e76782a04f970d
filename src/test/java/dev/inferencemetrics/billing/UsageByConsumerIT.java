package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.DimensionDeltaFold;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.HttpApi;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.Rfc4180;
import dev.inferencemetrics.testing.TestTenant;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * GET /api/v1/usage by consumer and by adapter over real HTTP: requests sent with and without a consumer and adapter,
 * at two deployments with different prices and currencies over two days, come back per value exact to the token and
 * the cent; a deployment's consumers, "(none)" included, add up to its usage by deployment; the values past a day's
 * cap are one line, "other".
 */
class UsageByConsumerIT extends ApiIntegrationTest {

    private static final TokenPrice CHAT_PRICE = TokenPrice.of("0.45", "1.80", "USD");
    private static final TokenPrice CODE_PRICE = TokenPrice.of("1.25", "3.333333", "EUR");
    private static final List<String> CONSUMERS = List.of("acme", "globex", "initech", "");
    private static final List<String> CODE_CONSUMERS = List.of("acme", "");
    private static final List<String> ADAPTERS = List.of("sql-lora", "chat-lora", "");
    /** More consumers in a day than a deployment counts on their own. */
    private static final int WIDE_CONSUMERS = Dimension.VALUES_PER_DAY + 12;

    private String chat;
    private String code;
    private String wide;
    private LocalDate firstDay;
    private final Map<Line, Sums> sent = new HashMap<>();

    UsageByConsumerIT() {
        super("usage-by-consumer");
    }

    /** One line of what was sent: the consumer (or adapter; "" for none), the deployment and the day. */
    private record Line(String dimension, String value, String deployment, LocalDate day) {}

    private record Sums(long requests, long input, long output) {
        Sums plus(Sums other) {
            return new Sums(requests + other.requests, input + other.input, output + other.output);
        }
    }

    @BeforeAll
    void sendRequests() {
        DeploymentService deployments = context.getBean(DeploymentService.class);
        chat = tenant.slug() + "-chat";
        code = tenant.slug() + "-code";
        wide = tenant.slug() + "-wide";
        for (String slug : List.of(chat, code, wide)) {
            TokenPrice price = slug.equals(code) ? CODE_PRICE : CHAT_PRICE;
            deployments.createIfAbsent(new DeploymentDefinition(tenant.id(), slug, slug, "m", "vLLM", "eu")
                    .withPrices(price.inputPerMtok(), price.outputPerMtok(), price.currency()));
        }
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        firstDay = today.minusDays(2);
        Random random = new Random(31);
        int request = 0;
        for (LocalDate day : List.of(firstDay, today.minusDays(1))) {
            for (String deployment : List.of(chat, code)) {
                List<RequestSampleJson> batch = new ArrayList<>();
                for (int i = 0; i < 120; i++, request++) {
                    String consumer = deployment.equals(code)
                            ? CODE_CONSUMERS.get(random.nextInt(CODE_CONSUMERS.size()))
                            : CONSUMERS.get(random.nextInt(CONSUMERS.size()));
                    String adapter = ADAPTERS.get(random.nextInt(ADAPTERS.size()));
                    int input = 1 + random.nextInt(90_000);
                    int output = random.nextInt(7_000);
                    Instant ts = day.atTime(9, 0).toInstant(ZoneOffset.UTC).plusSeconds(97L * i);
                    RequestSampleJson sample = (i % 9 == 0
                                    ? RequestSampleJson.failed("r-" + request, ts, "error")
                                    : RequestSampleJson.ok("r-" + request, ts))
                            .tokens(input, output);
                    if (!consumer.isEmpty()) {
                        sample.set("consumer", consumer);
                    }
                    if (!adapter.isEmpty()) {
                        sample.set("adapter", adapter);
                    }
                    batch.add(sample);
                    Sums sums = new Sums(1, input, output);
                    sent.merge(new Line("consumer", consumer, deployment, day), sums, Sums::plus);
                    sent.merge(new Line("adapter", adapter, deployment, day), sums, Sums::plus);
                }
                assertThat(api.ingestRequests(key, deployment, batch).rejected())
                        .isZero();
            }
        }
        List<RequestSampleJson> batch = new ArrayList<>();
        for (int c = 0; c < WIDE_CONSUMERS; c++, request++) {
            batch.add(RequestSampleJson.ok("w-" + c, firstDay.atTime(15, 0).toInstant(ZoneOffset.UTC))
                    .tokens(1_000 + c, 10 + c)
                    .set("consumer", "org-%03d".formatted(c)));
        }
        assertThat(api.ingestRequests(key, wide, batch).rejected()).isZero();
        context.getBean(DimensionDeltaFold.class).foldWaiting();
    }

    @Test
    void each_consumer_on_each_deployment_and_day_holds_its_tokens_exactly_and_its_cost_to_the_cent() {
        JsonNode answer = usage("by=consumer,deployment&format=json").json();

        assertThat(answer.get("by").asString()).isEqualTo("consumer,deployment");
        Map<Line, JsonNode> rows = new HashMap<>();
        for (JsonNode row : answer.get("rows")) {
            if (row.get("deployment").asString().equals(wide)) {
                continue;
            }
            String consumer =
                    row.get("consumer").isNull() ? "" : row.get("consumer").asString();
            assertThat(row.get("kind").asString()).isEqualTo(consumer.isEmpty() ? "none" : "value");
            Line line = new Line(
                    "consumer",
                    consumer,
                    row.get("deployment").asString(),
                    LocalDate.parse(row.get("day").asString()));
            assertThat(rows.put(line, row)).as("one row per line").isNull();
        }
        Map<Line, Sums> expected = sentBy("consumer");
        assertThat(rows.keySet()).containsExactlyInAnyOrderElementsOf(expected.keySet());
        expected.forEach((line, sums) -> {
            JsonNode row = rows.get(line);
            TokenPrice price = line.deployment().equals(code) ? CODE_PRICE : CHAT_PRICE;
            assertThat(row.get("requests").asLong()).as(line.toString()).isEqualTo(sums.requests());
            assertThat(row.get("inputTokens").asLong()).as(line.toString()).isEqualTo(sums.input());
            assertThat(row.get("outputTokens").asLong()).as(line.toString()).isEqualTo(sums.output());
            assertThat(row.get("currency").asString()).isEqualTo(price.currency());
            assertThat(new BigDecimal(row.get("cost").asString()))
                    .as(line.toString())
                    .isEqualByComparingTo(price.inputCost(sums.input()).add(price.outputCost(sums.output())));
            assertThat(new BigDecimal(row.get("priceOutputPerMtok").asString()))
                    .isEqualByComparingTo(price.outputPerMtok());
        });
    }

    @Test
    void a_deployments_consumers_none_included_add_up_to_its_usage_to_the_token_and_the_cent() {
        Map<String, Sums> byDeployment = new TreeMap<>();
        Map<String, BigDecimal> costByDeployment = new TreeMap<>();
        for (JsonNode row : usage("format=json").json().get("rows")) {
            String key = row.get("deployment").asString() + " " + row.get("day").asString();
            byDeployment.merge(key, sums(row), Sums::plus);
            costByDeployment.merge(key, new BigDecimal(row.get("cost").asString()), BigDecimal::add);
        }
        Map<String, Sums> byConsumer = new TreeMap<>();
        Map<String, BigDecimal> costByConsumer = new TreeMap<>();
        for (JsonNode row : usage("by=consumer,deployment&format=json").json().get("rows")) {
            String key = row.get("deployment").asString() + " " + row.get("day").asString();
            byConsumer.merge(key, sums(row), Sums::plus);
            costByConsumer.merge(key, new BigDecimal(row.get("cost").asString()), BigDecimal::add);
        }

        assertThat(byDeployment).hasSize(5).isEqualTo(byConsumer);
        costByDeployment.forEach(
                (key, cost) -> assertThat(costByConsumer.get(key)).as(key).isEqualByComparingTo(cost));
    }

    @Test
    void the_csv_by_consumer_sums_each_consumers_deployments_per_day_and_currency() {
        HttpApi.Answer answer = usage("by=consumer&format=csv");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.header("Content-Disposition"))
                .hasValueSatisfying(disposition -> assertThat(disposition).contains("-by-consumer-"));
        List<List<String>> records = Rfc4180.parse(answer.body());
        List<String> columns = UsageLineCsv.columns("consumer");
        assertThat(records.getFirst()).isEqualTo(columns);
        Map<String, Sums> expected = new TreeMap<>();
        Map<String, BigDecimal> expectedCost = new TreeMap<>();
        sentBy("consumer").forEach((line, sums) -> {
            TokenPrice price = line.deployment().equals(code) ? CODE_PRICE : CHAT_PRICE;
            String key = (line.value().isEmpty() ? UsageValue.NONE_LABEL : line.value()) + " " + line.day() + " "
                    + price.currency();
            expected.merge(key, sums, Sums::plus);
            expectedCost.merge(
                    key, price.inputCost(sums.input()).add(price.outputCost(sums.output())), BigDecimal::add);
        });
        Map<String, Sums> read = new TreeMap<>();
        for (List<String> row : records.subList(1, records.size())) {
            String consumer = row.get(columns.indexOf("consumer"));
            if (consumer.startsWith("org-")
                    || row.get(columns.indexOf("consumer_kind")).equals("other")) {
                continue;
            }
            assertThat(row.get(columns.indexOf("deployment"))).isEmpty();
            assertThat(row.get(columns.indexOf("price_input_per_mtok"))).isEmpty();
            String key = consumer + " " + row.get(columns.indexOf("day")) + " " + row.get(columns.indexOf("currency"));
            assertThat(read.put(
                            key,
                            new Sums(
                                    Long.parseLong(row.get(columns.indexOf("requests"))),
                                    Long.parseLong(row.get(columns.indexOf("input_tokens"))),
                                    Long.parseLong(row.get(columns.indexOf("output_tokens"))))))
                    .as("one row per consumer, day and currency")
                    .isNull();
            assertThat(new BigDecimal(row.get(columns.indexOf("cost"))))
                    .as(key)
                    .isEqualByComparingTo(expectedCost.get(key));
        }
        assertThat(read).isEqualTo(expected);
    }

    @Test
    void usage_by_adapter_holds_each_adapters_tokens_exactly() {
        Map<String, Sums> expected = new TreeMap<>();
        sentBy("adapter").forEach((line, sums) -> expected.merge(line.value(), sums, Sums::plus));
        // the wide deployment's requests named no adapter
        expected.merge("", new Sums(WIDE_CONSUMERS, wideInput(), wideOutput()), Sums::plus);

        Map<String, Sums> read = new TreeMap<>();
        for (JsonNode row : usage("by=adapter&format=json").json().get("rows")) {
            assertThat(row.get("deployment").isNull()).isTrue();
            String adapter =
                    row.get("adapter").isNull() ? "" : row.get("adapter").asString();
            read.merge(adapter, sums(row), Sums::plus);
        }

        assertThat(read).isEqualTo(expected);
    }

    @Test
    void the_consumers_past_a_days_cap_are_one_line_other_and_still_add_up() {
        List<JsonNode> rows = new ArrayList<>();
        usage("by=consumer,deployment&format=json").json().get("rows").forEach(row -> {
            if (row.get("deployment").asString().equals(wide)) {
                rows.add(row);
            }
        });

        List<JsonNode> other = rows.stream()
                .filter(row -> row.get("kind").asString().equals("other"))
                .toList();
        assertThat(other).hasSize(1);
        assertThat(other.getFirst().get("consumer").asString()).isEqualTo("other");
        assertThat(other.getFirst().get("requests").asLong()).isEqualTo(WIDE_CONSUMERS - Dimension.VALUES_PER_DAY);
        assertThat(rows).hasSize(Dimension.VALUES_PER_DAY + 1);
        assertThat(rows.stream()
                        .mapToLong(row -> row.get("inputTokens").asLong())
                        .sum())
                .isEqualTo(wideInput());
        assertThat(rows.stream()
                        .mapToLong(row -> row.get("outputTokens").asLong())
                        .sum())
                .isEqualTo(wideOutput());
    }

    @ParameterizedTest
    @ValueSource(strings = {"tenant", "priority", "consumer,adapter", "deployment,consumer,"})
    void an_unknown_grouping_is_a_400_problem(String by) {
        HttpApi.Answer answer = usage("by=" + by);

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains("by must be deployment, consumer, consumer,deployment or adapter");
    }

    @Test
    void another_tenants_usage_by_consumer_is_refused() {
        TestTenant rival = TestTenant.create(context, "usage-rival");

        HttpApi.Answer answer = api.get("/api/v1/usage?by=consumer,deployment&tenant=" + rival.slug(), key);

        assertThat(answer.status()).isEqualTo(403);
    }

    private HttpApi.Answer usage(String parameters) {
        return api.get("/api/v1/usage?from=" + firstDay + "&to=" + firstDay.plusDays(2) + "&" + parameters, key);
    }

    private Map<Line, Sums> sentBy(String dimension) {
        Map<Line, Sums> lines = new HashMap<>();
        sent.forEach((line, sums) -> {
            if (line.dimension().equals(dimension)) {
                lines.put(line, sums);
            }
        });
        return lines;
    }

    private static Sums sums(JsonNode row) {
        return new Sums(
                row.get("requests").asLong(),
                row.get("inputTokens").asLong(),
                row.get("outputTokens").asLong());
    }

    private static long wideInput() {
        return (long) WIDE_CONSUMERS * 1_000 + (long) WIDE_CONSUMERS * (WIDE_CONSUMERS - 1) / 2;
    }

    private static long wideOutput() {
        return (long) WIDE_CONSUMERS * 10 + (long) WIDE_CONSUMERS * (WIDE_CONSUMERS - 1) / 2;
    }
}
