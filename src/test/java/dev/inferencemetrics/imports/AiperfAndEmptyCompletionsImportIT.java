package dev.inferencemetrics.imports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.metrics.DeploymentMetrics;
import dev.inferencemetrics.metrics.MetricsQueryService;
import dev.inferencemetrics.metrics.QueryWindow;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenant.TenantService;
import dev.inferencemetrics.testing.AccuracyContract;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import dev.inferencemetrics.testing.TestDataSets;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * AIPerf's real example run imports at the times its requests were sent, with AIPerf's own counts and accurate
 * percentiles; vLLM bench's and SGLang bench_serving's "completed" requests that returned nothing import as failures
 * and the summary says so.
 */
@IntegrationTest
class AiperfAndEmptyCompletionsImportIT {

    static final Path AIPERF = TestDataSets.AIPERF_RUN;
    static final Path SGLANG = TestDataSets.BENCHMARK_RESULTS.resolve("sglang-bench-serving-details.jsonl");
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
    ObjectMapper json;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    Clock clock;

    @Test
    void an_aiperf_run_keeps_its_send_times_counts_and_accurate_percentiles() throws IOException {
        String slug = deployment("aiperf-run");
        List<JsonNode> records = Files.readAllLines(AIPERF).stream()
                .filter(line -> !line.isBlank())
                .map(json::readTree)
                .toList();
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));

        ImportSummary summary = importFile(slug, BenchmarkFormat.AIPERF, AIPERF, start);

        List<Double> ttft = new ArrayList<>();
        List<Double> gaps = new ArrayList<>();
        long first = records.stream()
                .mapToLong(r -> r.path("metadata").path("timestamp_ns").longValue())
                .min()
                .orElseThrow();
        long last = records.stream()
                .mapToLong(r -> r.path("metadata").path("timestamp_ns").longValue())
                .max()
                .orElseThrow();
        for (JsonNode record : records) {
            if (record.path("error").isMissingNode() || record.path("error").isNull()) {
                ttft.add(record.path("metrics").path("ttft").path("value").doubleValue());
                addGaps(record.path("metrics"), gaps);
            }
        }
        assertThat(summary.records()).isEqualTo(100);
        assertThat(summary.imported()).isEqualTo(100);
        assertThat(summary.failed()).isEqualTo(11);
        assertThat(summary.notes()).anyMatch(note -> note.contains("metadata.timestamp_ns"));
        DeploymentMetrics.Summary stored = query(slug, start, start.plus(Duration.ofMinutes(10)));
        assertThat(stored.requests()).isEqualTo(100);
        assertThat(stored.errors()).isEqualTo(11);
        assertMeetsContract(stored.ttft(), ttft, "TTFT");
        assertMeetsContract(stored.itl(), gaps, "ITL");
        assertThat(storedTimes(slug))
                .containsExactly(start, start.plusNanos(last - first).truncatedTo(ChronoUnit.MICROS));
    }

    @Test
    void vllm_bench_completions_without_output_or_ttft_are_failures_and_the_summary_says_so() throws IOException {
        String slug = deployment("vllm-empty");
        Path file = TestDataSets.BENCHMARK_RESULTS.resolve("vllm-bench-empty-completions.json");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));

        ImportSummary summary = importFile(slug, BenchmarkFormat.VLLM_BENCH, file, start);

        assertThat(summary.imported()).isEqualTo(3);
        assertThat(summary.failed()).isEqualTo(2);
        assertThat(summary.notes())
                .containsExactly("2 request(s) that vLLM bench counted as completed returned no output tokens with a"
                        + " TTFT of 0 and no error: imported as failed requests, not as 0 ms successes.");
        DeploymentMetrics.Summary stored = query(slug, start, start.plus(Duration.ofMinutes(1)));
        assertThat(stored.errors()).isEqualTo(2);
        assertThat(stored.ttft().count()).isEqualTo(1);
        assertThat(stored.ttft().p50()).isCloseTo(90.0, org.assertj.core.data.Percentage.withPercentage(1));
    }

    @Test
    void an_sglang_bench_serving_run_imports_its_requests_and_empty_completions_as_failures() throws IOException {
        String slug = deployment("sglang-run");
        Instant start = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofHours(1));

        ImportSummary summary = importFile(slug, BenchmarkFormat.SGLANG_BENCH, SGLANG, start);

        assertThat(summary.imported()).isEqualTo(4);
        assertThat(summary.failed()).isEqualTo(2);
        assertThat(summary.notes())
                .containsExactly("1 request(s) that SGLang bench_serving counted as completed returned no output"
                        + " tokens with a TTFT of 0 and no error: imported as failed requests, not as 0 ms successes.");
        DeploymentMetrics.Summary stored = query(slug, start, start.plus(Duration.ofMinutes(1)));
        assertThat(stored.requests()).isEqualTo(4);
        assertThat(stored.errors()).isEqualTo(2);
        assertThat(stored.ttft().count()).isEqualTo(2);
        assertThat(stored.ttft().p50()).isCloseTo(81.2, org.assertj.core.data.Percentage.withPercentage(1));
        assertThat(stored.itl().count()).isEqualTo(5);
        // bench_serving's details carry no end-to-end latency: TTFT plus the chunk gaps
        assertThat(stored.e2e().count()).isEqualTo(2);
        assertThat(stored.e2e().p50())
                .isCloseTo(81.2 + 14.3 + 15.1 + 13.9, org.assertj.core.data.Percentage.withPercentage(1));
    }

    @Test
    void an_sglang_file_with_several_appended_runs_imports_the_first_and_says_so(@TempDir Path directory)
            throws IOException {
        String slug = deployment("sglang-appended");
        String run = Files.readString(SGLANG);
        Path file = Files.writeString(directory.resolve("runs.jsonl"), run + run);

        ImportSummary summary = importFile(slug, BenchmarkFormat.SGLANG_BENCH, file, null);

        assertThat(summary.imported()).isEqualTo(4);
        assertThat(summary.notes())
                .contains("The file holds 2 runs, one per line (SGLang bench_serving appends each run to its output"
                        + " file): the first was imported. Import each of the others from a file of its own line.");
    }

    /** The chunk gaps; a stream with more chunks than output tokens − 1 counts as that many gaps of the mean. */
    private static void addGaps(JsonNode metrics, List<Double> gaps) {
        JsonNode chunkGaps = metrics.path("inter_chunk_latency").path("value");
        int output = metrics.path("output_sequence_length").path("value").intValue();
        if (chunkGaps.size() <= output - 1) {
            chunkGaps.forEach(gap -> gaps.add(gap.doubleValue()));
            return;
        }
        for (int gap = 1; gap < output; gap++) {
            gaps.add(metrics.path("inter_token_latency").path("value").doubleValue());
        }
    }

    private List<Instant> storedTimes(String slug) {
        long deployment = deployments.require(TenantScope.allTenants(), slug).id();
        return owner
                .jdbc()
                .queryForList(
                        "select min(ts) from request_sample where deployment_id = ?"
                                + " union all select max(ts) from request_sample where deployment_id = ?",
                        Timestamp.class,
                        deployment,
                        deployment)
                .stream()
                .map(Timestamp::toInstant)
                .toList();
    }

    private ImportSummary importFile(String slug, BenchmarkFormat format, Path file, @Nullable Instant start)
            throws IOException {
        long tenant = deployments.require(TenantScope.allTenants(), slug).tenantId();
        ApiClient client = new ApiClient(tenant, 0, "test", EnumSet.of(ApiScope.INGEST));
        try (InputStream in = Files.newInputStream(file)) {
            return imports.importRun(client, slug, format, in, start, null, clock.instant(), done -> {});
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

    private static void assertMeetsContract(DeploymentMetrics.LatencySummary shown, List<Double> values, String what) {
        assertThat(shown.count()).as(what + " count").isEqualTo(values.size());
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] displayed = {shown.p50(), shown.p90(), shown.p95(), shown.p99()};
        for (int i = 0; i < QUANTILES.length; i++) {
            AccuracyContract.assertQuantile(sorted, QUANTILES[i], displayed[i], what);
        }
    }
}
