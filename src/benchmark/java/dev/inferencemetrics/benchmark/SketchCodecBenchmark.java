package dev.inferencemetrics.benchmark;

import com.datadoghq.sketch.ddsketch.DDSketch;
import com.datadoghq.sketch.ddsketch.encoding.ByteArrayInput;
import com.datadoghq.sketch.ddsketch.encoding.GrowingByteArrayOutput;
import com.datadoghq.sketch.ddsketch.mapping.LogarithmicMapping;
import com.datadoghq.sketch.ddsketch.store.UnboundedSizeDenseStore;
import dev.inferencemetrics.ingest.RequestSample;
import dev.inferencemetrics.rollup.sketch.LatencySketch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;

/**
 * Our storage form of a sketch ({@code SketchCodec}: varint index gaps and counts, read by
 * {@code LatencySketch.mergeStored}) against sketches-java's own {@code DDSketch.encode} / {@code decodeAndMergeWith}
 * (index mapping omitted, as ours omits it), on the same minute sketches: TTFT and ITL (every token gap) of requests
 * resampled from a real LLMPerf run, at 20 requests a minute (a quiet deployment of the fleet benchmark) and at 10
 * requests a second (the query benchmark's deployment). Prints, per case, the mean stored bytes of a minute sketch,
 * the time to encode a day of minutes (what ingest does), and the time to decode and merge a day of minutes into one
 * sketch (what a 24-hour query does), each the median of 15 rounds of 20 runs after as many warm-up rounds, with library ÷
 * ours — above 1 means ours is smaller or faster. Checks that both give the same quantiles.
 */
public final class SketchCodecBenchmark {

    private static final int MINUTES = 1_440;
    private static final int ROUNDS = 15;
    /** Each round does its work this many times, so a round takes tens of milliseconds, not a few. */
    private static final int REPEATS = 20;

    private static final LogarithmicMapping MAPPING = new LogarithmicMapping(LatencySketch.RELATIVE_ACCURACY);

    private SketchCodecBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
        LlmperfRequests requests = LlmperfRequests.load(options.dataset(), options.run());
        System.out.printf(
                Locale.ROOT,
                "Sketch storage: ours (SketchCodec) vs sketches-java encode/decodeAndMergeWith; %d minutes, median of %d;"
                        + " LLMPerf run %s; %d cores, JDK %s%n%n",
                MINUTES,
                ROUNDS,
                options.run(),
                Runtime.getRuntime().availableProcessors(),
                Runtime.version());
        System.out.println("| sketches | bytes a minute, ours | library | library ÷ ours | encode a day, ours |"
                + " library | library ÷ ours | decode + merge a day, ours | library | library ÷ ours |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (int perMinute : new int[] {20, 600}) {
            List<List<RequestSample>> minutes = minutes(requests, perMinute);
            report("TTFT, " + perMinute + " requests a minute", minutes, Metric.TTFT);
            report("ITL, " + perMinute + " requests a minute", minutes, Metric.ITL);
        }
    }

    private enum Metric {
        TTFT,
        ITL
    }

    private static List<List<RequestSample>> minutes(LlmperfRequests requests, int perMinute) {
        SplittableRandom random = new SplittableRandom(42);
        Instant start = Instant.parse("2026-11-01T00:00:00Z");
        List<List<RequestSample>> minutes = new ArrayList<>(MINUTES);
        for (int minute = 0; minute < MINUTES; minute++) {
            List<RequestSample> samples = new ArrayList<>(perMinute);
            Instant ts = start.plusSeconds(60L * minute);
            for (int i = 0; i < perMinute; i++) {
                samples.add(requests.next(random, ts, true));
            }
            minutes.add(samples);
        }
        return minutes;
    }

    private static void report(String label, List<List<RequestSample>> minutes, Metric metric) {
        List<LatencySketch> ours =
                minutes.stream().map(samples -> ours(samples, metric)).toList();
        List<DDSketch> library =
                minutes.stream().map(samples -> library(samples, metric)).toList();
        List<byte[]> ourBytes = ours.stream().map(LatencySketch::toBytes).toList();
        List<byte[]> libraryBytes =
                library.stream().map(SketchCodecBenchmark::encode).toList();
        checkSameQuantiles(label, ourBytes, libraryBytes);

        double ourSize = meanLength(ourBytes);
        double librarySize = meanLength(libraryBytes);
        long ourEncode = median(() -> ours.forEach(LatencySketch::toBytes));
        long libraryEncode = median(() -> library.forEach(SketchCodecBenchmark::encode));
        long ourDecode = median(() -> mergeOurs(ourBytes));
        long libraryDecode = median(() -> mergeLibrary(libraryBytes));
        System.out.printf(
                Locale.ROOT,
                "| %s | %.0f B | %.0f B | %.2f | %.2f ms | %.2f ms | %.2f | %.2f ms | %.2f ms | %.2f |%n",
                label,
                ourSize,
                librarySize,
                librarySize / ourSize,
                ourEncode / 1e6,
                libraryEncode / 1e6,
                (double) libraryEncode / ourEncode,
                ourDecode / 1e6,
                libraryDecode / 1e6,
                (double) libraryDecode / ourDecode);
    }

    private static LatencySketch ours(List<RequestSample> samples, Metric metric) {
        LatencySketch sketch = LatencySketch.empty();
        forEachValue(samples, metric, sketch::add);
        return sketch;
    }

    private static DDSketch library(List<RequestSample> samples, Metric metric) {
        DDSketch sketch = new DDSketch(MAPPING, UnboundedSizeDenseStore::new);
        forEachValue(samples, metric, sketch::accept);
        return sketch;
    }

    private interface ValueSink {
        void add(double value);
    }

    private static void forEachValue(List<RequestSample> samples, Metric metric, ValueSink sink) {
        for (RequestSample sample : samples) {
            if (metric == Metric.TTFT && sample.ttftMs() != null) {
                sink.add(sample.ttftMs());
            } else if (metric == Metric.ITL && sample.itlGapsMs() != null) {
                for (float gap : sample.itlGapsMs()) {
                    sink.add(gap);
                }
            }
        }
    }

    private static byte[] encode(DDSketch sketch) {
        GrowingByteArrayOutput output = GrowingByteArrayOutput.withDefaultInitialCapacity();
        try {
            sketch.encode(output, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return output.trimmedCopy();
    }

    private static LatencySketch mergeOurs(List<byte[]> stored) {
        LatencySketch day = LatencySketch.empty();
        stored.forEach(day::mergeStored);
        return day;
    }

    private static DDSketch mergeLibrary(List<byte[]> stored) {
        DDSketch day = new DDSketch(MAPPING, UnboundedSizeDenseStore::new);
        try {
            for (byte[] bytes : stored) {
                day.decodeAndMergeWith(ByteArrayInput.wrap(bytes));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return day;
    }

    private static void checkSameQuantiles(String label, List<byte[]> ourBytes, List<byte[]> libraryBytes) {
        double[] quantiles = {0.5, 0.9, 0.95, 0.99};
        LatencySketch ours = mergeOurs(ourBytes);
        double[] library = mergeLibrary(libraryBytes).getValuesAtQuantiles(quantiles);
        for (int i = 0; i < quantiles.length; i++) {
            double mine = ours.quantile(quantiles[i]).orElseThrow();
            if (mine != library[i]) {
                throw new IllegalStateException(
                        "%s: q%s differs, ours %s, library %s".formatted(label, quantiles[i], mine, library[i]));
            }
        }
    }

    private static double meanLength(List<byte[]> encoded) {
        ToLongFunction<byte[]> length = bytes -> bytes.length;
        return encoded.stream().mapToLong(length).average().orElse(0);
    }

    /** Nanoseconds for one run of {@code work}: the median round of {@link #ROUNDS}, after as many warm-up rounds. */
    private static long median(Runnable work) {
        for (int i = 0; i < ROUNDS; i++) {
            repeat(work);
        }
        long[] took = new long[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long start = System.nanoTime();
            repeat(work);
            took[i] = (System.nanoTime() - start) / REPEATS;
        }
        Arrays.sort(took);
        return took[ROUNDS / 2];
    }

    private static void repeat(Runnable work) {
        for (int i = 0; i < REPEATS; i++) {
            work.run();
        }
    }
}
