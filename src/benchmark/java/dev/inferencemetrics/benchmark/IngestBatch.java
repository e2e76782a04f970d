package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.ingest.RequestSample;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One batch of samples in both wire forms, prepared before the clock starts: the JSON body of an ingest call and the
 * same rows as COPY text (for the baseline's own deployment, so both land in the same partitions and index).
 */
record IngestBatch(int samples, byte[] json, byte[] copyRows) {

    /** Where prepared batches go: the deployment the HTTP clients write to and the one the COPY baseline writes to. */
    record Target(String slug, long tenantId, long copyDeploymentId) {}

    /**
     * {@code count} batches whose samples are stamped as if arriving at {@code samplesPerSecond} from {@code start}
     * on, so concurrent batches land in the same minute, as they do on a busy deployment.
     */
    static List<IngestBatch> prepare(
            LlmperfRequests requests,
            Target target,
            int count,
            boolean withGaps,
            Instant start,
            double samplesPerSecond,
            long seed) {
        return prepare(requests, target, count, withGaps, false, start, samplesPerSecond, seed);
    }

    /**
     * The same, and with {@code withDimensions} every sample names one of 200 consumers, one of 5 adapters and a
     * priority (a quarter {@code batch}), as a shared deployment behind a gateway reports them.
     */
    static List<IngestBatch> prepare(
            LlmperfRequests requests,
            Target target,
            int count,
            boolean withGaps,
            boolean withDimensions,
            Instant start,
            double samplesPerSecond,
            long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long nanosPerSample = Math.round(1e9 / samplesPerSecond);
        List<IngestBatch> batches = new ArrayList<>(count);
        for (int b = 0; b < count; b++) {
            StringBuilder json = new StringBuilder(withGaps ? 1 << 20 : 1 << 18);
            StringBuilder copy = new StringBuilder(withGaps ? 1 << 20 : 1 << 18);
            json.append("{\"deployment\":\"").append(target.slug()).append("\",\"samples\":[");
            for (int i = 0; i < BenchmarkOptions.BATCH_SIZE; i++) {
                long n = (long) b * BenchmarkOptions.BATCH_SIZE + i;
                Instant ts = start.plusNanos(n * nanosPerSample / 1_000 * 1_000);
                RequestSample sample = requests.next(random, ts, withGaps);
                if (withDimensions) {
                    sample = sample.withDimensions(
                            "consumer-" + random.nextInt(200),
                            "adapter-" + random.nextInt(5),
                            random.nextInt(4) == 0 ? "batch" : "interactive");
                }
                SampleText.appendJson(json.append(i == 0 ? "" : ","), sample);
                SampleText.appendCopyRow(
                        copy, target.tenantId(), target.copyDeploymentId(), sample, ts.plus(Duration.ofSeconds(1)));
            }
            json.append("]}");
            batches.add(new IngestBatch(
                    BenchmarkOptions.BATCH_SIZE,
                    json.toString().getBytes(StandardCharsets.UTF_8),
                    copy.toString().getBytes(StandardCharsets.UTF_8)));
        }
        return batches;
    }

    static long totalSamples(List<IngestBatch> batches) {
        return batches.stream().mapToLong(IngestBatch::samples).sum();
    }
}
