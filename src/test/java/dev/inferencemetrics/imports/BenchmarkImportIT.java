package dev.inferencemetrics.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.ingest.GoodputService;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.DeploymentMetrics.LatencySummary;
import dev.inferencemetrics.metrics.GoodputFigures;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestDataSets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

@IntegrationTest
class BenchmarkImportIT {

    static final Path LLMPERF = TestDataSets.LLMPERF;
    private static final double[] QUANTILES = {0.5, 0.9, 0.95, 0.99};

    @Autowired
    BenchmarkImportService imports;

    @Autowired
    TenantService tenants;

    @Autowired
    DeploymentService deployments;

    @Autowired
    MetricsQueryService metrics;

    @Autowired
    GoodputService goodputs;

    @Autowired
    ObjectMapper json;

    @Autowired
    Clock clock;

    static Stream<Path> llmPerfFiles() throws IOException {
        try (Stream<Path> files = Files.list(LLMPERF)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("llmPerfFiles")
    void an_llmperf_file_imports_with_its_counts_tokens_and_accurate_percentiles(Path file) throws IOException {
        String slug = deployment(
                "llmperf-" + file.getFileName().toString().replace(".json", "").replace('_', '-'));
        JsonNode requests = json.readTree(file.toFile());
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(3));

        ImportSummary summary = importFile(slug, BenchmarkFormat.LLMPERF, file, start, Duration.ofMinutes(10));

        Expected expected = Expected.ofLlmPerf(requests);
        assertThat(summary.records()).isEqualTo(requests.size());
        assertThat(summary.rejected()).isZero();
        assertThat(summary.imported()).isEqualTo(requests.size());
        DeploymentMetrics.Summary stored = query(slug, start, start.plus(Duration.ofMinutes(10)));
        assertThat(stored.requests()).isEqualTo(requests.size());
        assertThat(stored.errors()).isEqualTo(expected.errors);
        assertThat(stored.inputTokens()).isEqualTo(expected.inputTokens);
        assertThat(stored.outputTokens()).isEqualTo(expected.outputTokens);
        assertMeetsContract(stored.ttft(), expected.ttft, file + " TTFT");
        assertMeetsContract(stored.e2e(), expected.e2e, file + " E2E");
        assertMeetsContract(stored.itl(), expected.itl, file + " ITL");
    }

    @Test
    void a_vllm_bench_file_imports_multi_chunk_gaps_errors_and_empty_outputs() throws IOException {
        String slug = deployment("vllm-bench");
        Path file = TestDataSets.BENCHMARK_RESULTS.resolve("vllm-bench-detailed.json");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));

        ImportSummary summary = importFile(slug, BenchmarkFormat.VLLM_BENCH, file, start, null);

        assertThat(summary.to()).isEqualTo(start.plusMillis(12_500));
        assertThat(summary.imported()).isEqualTo(6);
        assertThat(summary.failed()).isEqualTo(2);
        assertThat(summary.inputTokens()).isEqualTo(2_200);
        assertThat(summary.outputTokens()).isEqualTo(13);
        DeploymentMetrics.Summary stored = query(slug, start, start.plus(Duration.ofMinutes(1)));
        assertThat(stored.requests()).isEqualTo(6);
        assertThat(stored.errors()).isEqualTo(2);
        assertThat(stored.ttft().count()).isEqualTo(4);
        // multi-chunk streams: 8 gaps were reported for 12 tokens after the first
        assertThat(stored.itl().count()).isEqualTo(8);
        AccuracyContract.assertQuantile(
                new double[] {18, 19, 20, 21, 25, 27, 30, 36}, 0.5, stored.itl().p50(), "ITL");
        AccuracyContract.assertQuantile(
                new double[] {95, 158, 162, 186}, 0.99, stored.e2e().p99(), "E2E");
    }

    /**
     * vLLM's {@code --goodput ttft:100 tpot:20} judged on the file's per-request fields (its {@code calculate_metrics}):
     * of the four that succeeded, 1 (TTFT 80 ms, (158 − 80) ÷ 4 = 19.5 ms a token) and 3 (TTFT 95 ms, one token, so
     * 0) are good; 2 (TTFT 120 ms) and 5 (TTFT 110 ms) are not: {@code request_goodput} = 2 ÷ the run's duration.
     */
    @Test
    void a_vllm_bench_file_gives_the_good_request_count_vllm_gives_with_the_same_thresholds() throws IOException {
        String slug = deployment("vllm-goodput");
        goodputs.change(TenantScope.allTenants(), slug, new GoodputSlo(100.0, 20.0, null));
        Path file = TestDataSets.BENCHMARK_RESULTS.resolve("vllm-bench-detailed.json");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(3));

        importFile(slug, BenchmarkFormat.VLLM_BENCH, file, start, null);

        GoodputFigures goodput = metrics.query(
                        TenantScope.allTenants(), slug, QueryWindow.of(start, start.plus(Duration.ofMinutes(1)), null))
                .goodput();
        assertThat(goodput.goodRequests()).isEqualTo(2);
        assertThat(goodput.breaches().ttft().count()).isEqualTo(2);
        assertThat(goodput.breaches().error().count()).isEqualTo(2);
    }

    /**
     * Real vLLM 0.27.1 results saved with {@code --goodput ttft:300 tpot:50} but without {@code --save-detailed}
     * (see the fixtures' README): their good-request count is a whole number, {@code request_goodput} × {@code
     * duration}, yet they carry no per-request arrays, so the import refuses them saying which flag adds them, and
     * nothing is stored that could be recounted.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vllmGoodputSummaries")
    void a_real_vllm_result_saved_with_goodput_but_no_details_is_refused_naming_the_flag(
            String name, long good, long completed) throws IOException {
        String slug = deployment("vllm-summary-" + name.replaceAll("\\D", ""));
        goodputs.change(TenantScope.allTenants(), slug, new GoodputSlo(300.0, 50.0, null));
        Path file = TestDataSets.BENCHMARK_RESULTS.resolve(name);
        JsonNode result = json.readTree(file.toFile());
        double duration = result.get("duration").doubleValue();
        double goodCount = result.get("request_goodput").doubleValue() * duration;
        assertThat(Math.abs(goodCount - good)).isLessThan(1e-9);
        assertThat(Math.round(result.get("request_throughput").doubleValue() * duration))
                .isEqualTo(completed);
        assertThat(result.has("ttfts")).isFalse();
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(4));

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> importFile(slug, BenchmarkFormat.VLLM_BENCH, file, start, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--save-detailed");
        assertThat(query(slug, start, start.plus(Duration.ofMinutes(5))).requests())
                .isZero();
    }

    static Stream<org.junit.jupiter.params.provider.Arguments> vllmGoodputSummaries() {
        return Stream.of(
                org.junit.jupiter.params.provider.Arguments.of("vllm-bench-goodput-qwen3-8b-rate2.json", 215L, 240L),
                org.junit.jupiter.params.provider.Arguments.of("vllm-bench-goodput-qwen3-8b-rate3.json", 95L, 299L));
    }

    @Test
    void importing_the_same_file_with_the_same_start_again_counts_nothing_twice() throws IOException {
        String slug = deployment("vllm-twice");
        Path file = TestDataSets.BENCHMARK_RESULTS.resolve("vllm-bench-detailed.json");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(2));
        importFile(slug, BenchmarkFormat.VLLM_BENCH, file, start, null);

        ImportSummary again = importFile(slug, BenchmarkFormat.VLLM_BENCH, file, start, null);

        assertThat(again.duplicates()).isEqualTo(6);
        assertThat(query(slug, start, start.plus(Duration.ofMinutes(1))).requests())
                .isEqualTo(6);
    }

    @Test
    void a_file_of_the_wrong_format_is_refused_with_a_reason() {
        String slug = deployment("wrong-format");
        Path file = TestDataSets.BENCHMARK_RESULTS.resolve("vllm-bench-detailed.json");

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> importFile(slug, BenchmarkFormat.LLMPERF, file, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("JSON array");
    }

    @Test
    void a_file_that_is_not_json_is_refused_in_plain_words_saying_where_it_breaks(@TempDir Path folder)
            throws IOException {
        String slug = deployment("broken-json");
        Path file = Files.writeString(folder.resolve("cut.json"), "[{\"ttft_s\": 0.1,\n  \"end_to_end_latency_s\": ");

        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> importFile(slug, BenchmarkFormat.LLMPERF, file, null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the file is not readable JSON: it breaks off or has an unexpected character near line 2,"
                        + " column 27. Pick the run's results file, or export it again.");
    }

    private ImportSummary importFile(String slug, BenchmarkFormat format, Path file, Instant start, Duration spread)
            throws IOException {
        long tenant = deployments.require(TenantScope.allTenants(), slug).tenantId();
        ApiClient client = new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
        try (InputStream in = Files.newInputStream(file)) {
            return imports.importRun(client, slug, format, in, start, spread, clock.instant(), done -> {});
        }
    }

    private String deployment(String slug) {
        long tenant = tenants.createIfAbsent("bench-labs", "Bench Labs");
        deployments.createIfAbsent(new DeploymentDefinition(tenant, slug, slug, "m", "vLLM", "eu"));
        return slug;
    }

    private DeploymentMetrics.Summary query(String slug, Instant from, Instant to) {
        return metrics.query(TenantScope.allTenants(), slug, QueryWindow.of(from, to, null))
                .summary();
    }

    private static void assertMeetsContract(LatencySummary shown, List<Double> values, String what) {
        assertThat(shown.count()).as(what + " count").isEqualTo(values.size());
        if (values.isEmpty()) {
            assertThat(shown.p50()).isNull();
            return;
        }
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] displayed = {shown.p50(), shown.p90(), shown.p95(), shown.p99()};
        for (int i = 0; i < QUANTILES.length; i++) {
            AccuracyContract.assertQuantile(sorted, QUANTILES[i], displayed[i], what);
        }
    }

    /** What a file holds, computed straight from its JSON. */
    private record Expected(
            long errors, long inputTokens, long outputTokens, List<Double> ttft, List<Double> e2e, List<Double> itl) {

        static Expected ofLlmPerf(JsonNode requests) {
            long errors = 0;
            long input = 0;
            long output = 0;
            List<Double> ttft = new ArrayList<>();
            List<Double> e2e = new ArrayList<>();
            List<Double> itl = new ArrayList<>();
            for (JsonNode request : requests) {
                input += request.path("number_input_tokens").asInt(0);
                output += request.path("number_output_tokens").asInt(0);
                if (!request.path("error_code").isNull()
                        && !request.path("error_code").isMissingNode()) {
                    errors++;
                    continue;
                }
                ttft.add(request.get("ttft_s").doubleValue() * 1000);
                e2e.add(request.get("end_to_end_latency_s").doubleValue() * 1000);
                double tpot = request.get("inter_token_latency_s").doubleValue() * 1000;
                for (int gap = 1; gap < request.get("number_output_tokens").asInt(); gap++) {
                    itl.add(tpot);
                }
            }
            return new Expected(errors, input, output, ttft, e2e, itl);
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%d errors", errors);
        }
    }
}
