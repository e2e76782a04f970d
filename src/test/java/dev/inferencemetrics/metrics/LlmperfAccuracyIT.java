package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.IngestResult;
import dev.inferencemetrics.testing.ApiIntegrationTest;
import dev.inferencemetrics.testing.RequestSampleJson;
import dev.inferencemetrics.testing.SentRequests;
import dev.inferencemetrics.testing.TestDataSets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The LLMPerf leaderboard runs (real per-request latencies of hosted LLM endpoints) go in through the ingest API,
 * one deployment a run, and {@code /metrics} must show their percentiles within the accuracy contract and their
 * request, error and token totals exactly.
 */
class LlmperfAccuracyIT extends ApiIntegrationTest {

    private static final Path DATASETS = TestDataSets.LLMPERF;
    private static final Duration BETWEEN_REQUESTS = Duration.ofMillis(2_750);

    private Instant start;
    private final Map<String, Run> runs = new LinkedHashMap<>();

    /** A benchmark run as ingested: its deployment and what was sent. */
    private record Run(String deployment, SentRequests sent) {}

    LlmperfAccuracyIT() {
        super("llmperf");
    }

    @BeforeAll
    void ingestEveryRun() throws IOException {
        start = clock.instant()
                .truncatedTo(ChronoUnit.HOURS)
                .minus(Duration.ofHours(3))
                .plusMillis(17_321);
        for (Path file : datasetFiles()) {
            String name = runName(file);
            String deployment = tenant.deployment(name);
            SentRequests sent = new SentRequests();
            List<RequestSampleJson> samples = samples(name, json.readTree(file.toFile()), sent);

            IngestResult result = api.ingestRequests(key, deployment, samples);

            assertThat(result.rejected())
                    .as("rejections of %s: %s", name, result.errors())
                    .isZero();
            assertThat(result.accepted()).isEqualTo(samples.size());
            runs.put(name, new Run(deployment, sent));
        }
    }

    Stream<String> runNames() throws IOException {
        return datasetFiles().stream().map(LlmperfAccuracyIT::runName);
    }

    @Test
    void every_run_of_the_dataset_was_ingested() throws IOException {
        assertThat(runs).hasSizeGreaterThanOrEqualTo(19).containsKeys("groq-70b", "replicate-70b", "lepton-7b");
        assertThat(runs.values().stream().mapToInt(run -> run.sent().size()).sum())
                .isEqualTo(2_845);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runNames")
    void the_window_summary_and_every_minute_meet_the_accuracy_contract(String name) {
        Run run = runs.get(name);
        Instant from = start.minus(Duration.ofMinutes(3));
        Instant to = start.plus(BETWEEN_REQUESTS.multipliedBy(160));

        DeploymentMetrics answer = api.metrics(key, run.deployment(), from, to, null);

        MetricsAccuracy.assertMatches(answer, run.sent(), from, to, 60);
        assertThat(answer.summary().requests()).isEqualTo(run.sent().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runNames")
    void five_minute_intervals_meet_the_accuracy_contract(String name) {
        Run run = runs.get(name);
        Instant from = start.minus(Duration.ofMinutes(1));
        Instant to = start.plus(Duration.ofMinutes(9));

        MetricsAccuracy.assertMatches(api.metrics(key, run.deployment(), from, to, "PT5M"), run.sent(), from, to, 300);
    }

    /**
     * One sample a request, {@link #BETWEEN_REQUESTS} apart. Seconds become milliseconds; a non-null error_code makes
     * the request an error, sent with its latencies where the run measured any.
     */
    private List<RequestSampleJson> samples(String name, JsonNode records, SentRequests sent) {
        List<RequestSampleJson> samples = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            JsonNode record = records.get(i);
            Instant ts = start.plus(BETWEEN_REQUESTS.multipliedBy(i));
            double ttft = record.get("ttft_s").asDouble() * 1000;
            double e2e = record.get("end_to_end_latency_s").asDouble() * 1000;
            double tpot = record.get("inter_token_latency_s").asDouble() * 1000;
            int input = record.get("number_input_tokens").asInt();
            int output = record.get("number_output_tokens").asInt();
            if (record.get("error_code").isNull()) {
                samples.add(RequestSampleJson.ok(name + "-" + i, ts)
                        .ttft(ttft)
                        .e2e(e2e)
                        .tpot(tpot)
                        .tokens(input, output));
                sent.ok(ts, ttft, e2e, tpot, input, output);
            } else {
                RequestSampleJson failed =
                        RequestSampleJson.failed(name + "-" + i, ts, "error").tokens(input, output);
                samples.add(e2e > 0 ? failed.ttft(ttft).e2e(e2e).tpot(tpot) : failed);
                sent.failed(ts, input, output);
            }
        }
        return samples;
    }

    private static List<Path> datasetFiles() throws IOException {
        assertThat(DATASETS).as("the LLMPerf dataset in the repository").isDirectory();
        try (Stream<Path> files = Files.list(DATASETS)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".json"))
                    .sorted()
                    .toList();
        }
    }

    private static String runName(Path file) {
        return file.getFileName().toString().replace(".json", "").replace('_', '-');
    }
}
