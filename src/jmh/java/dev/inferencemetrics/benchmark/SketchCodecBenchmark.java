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
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Our storage form of a sketch ({@code SketchCodec}: varint index gaps and counts, read by
 * {@code LatencySketch.mergeStored}) against sketches-java's own {@code DDSketch.encode} / {@code decodeAndMergeWith}
 * (index mapping omitted, as ours omits it), on the same minute sketches: TTFT and ITL (every token gap) of requests
 * resampled from a real LLMPerf run, at 20 requests a minute (a quiet deployment of the fleet benchmark) and at 600
 * (the query benchmark's 10 requests a second). JMH times encoding a day of minutes (what ingest does) and decoding
 * and merging a day of minutes into one sketch (what a 24-hour query does), each side beside the other in the same
 * run; {@link #main} then prints, per case, the mean stored bytes of a minute sketch and each time with library ÷
 * ours — above 1 means ours is smaller or faster. The setup checks that both give the same quantiles.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SketchCodecBenchmark {

    private static final int MINUTES = 1_440;

    private static final LogarithmicMapping MAPPING = new LogarithmicMapping(LatencySketch.RELATIVE_ACCURACY);

    /** Which latency the minute sketches hold. */
    public enum Metric {
        TTFT,
        ITL
    }

    @Param({"TTFT", "ITL"})
    public Metric metric;

    @Param({"20", "600"})
    public int perMinute;

    private List<LatencySketch> ours = List.of();
    private List<DDSketch> library = List.of();
    private List<byte[]> ourBytes = List.of();
    private List<byte[]> libraryBytes = List.of();

    @Setup
    public void sketchADay() throws IOException {
        Day day = Day.of(metric, perMinute);
        ours = day.ours();
        library = day.library();
        ourBytes = day.ourBytes();
        libraryBytes = day.libraryBytes();
    }

    @Benchmark
    public List<byte[]> encodeOurs() {
        return ours.stream().map(LatencySketch::toBytes).toList();
    }

    @Benchmark
    public List<byte[]> encodeLibrary() {
        return library.stream().map(SketchCodecBenchmark::encode).toList();
    }

    @Benchmark
    public LatencySketch decodeAndMergeOurs() {
        return mergeOurs(ourBytes);
    }

    @Benchmark
    public DDSketch decodeAndMergeLibrary() {
        return mergeLibrary(libraryBytes);
    }

    /** Runs the benchmarks with JMH's command-line options ({@code -wi 1 -i 3 -f 1 -r 1s}), then prints the table. */
    public static void main(String[] args) throws Exception {
        Options options = new OptionsBuilder()
                .parent(new CommandLineOptions(args))
                .include(SketchCodecBenchmark.class.getName() + "\\.")
                .build();
        Collection<RunResult> results = new Runner(options).run();
        Map<String, Double> millis = new HashMap<>();
        for (RunResult result : results) {
            String benchmark = result.getParams().getBenchmark();
            String key = benchmark.substring(benchmark.lastIndexOf('.') + 1) + " "
                    + result.getParams().getParam("metric") + " "
                    + result.getParams().getParam("perMinute");
            millis.put(key, result.getPrimaryResult().getScore());
        }
        System.out.printf(
                Locale.ROOT,
                "%nSketch storage: ours (SketchCodec) vs sketches-java encode/decodeAndMergeWith; %d minutes;"
                        + " LLMPerf run %s; %d cores, JDK %s; ms are JMH's mean per day of minutes%n%n",
                MINUTES,
                BenchmarkOptions.fromSystemProperties().run(),
                Runtime.getRuntime().availableProcessors(),
                Runtime.version());
        System.out.println("| sketches | bytes a minute, ours | library | library ÷ ours | encode a day, ours |"
                + " library | library ÷ ours | decode + merge a day, ours | library | library ÷ ours |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        for (int perMinute : new int[] {20, 600}) {
            for (Metric metric : Metric.values()) {
                String suffix = " " + metric + " " + perMinute;
                Double encodeOurs = millis.get("encodeOurs" + suffix);
                if (encodeOurs == null) {
                    continue;
                }
                Day day = Day.of(metric, perMinute);
                double ourSize = meanLength(day.ourBytes());
                double librarySize = meanLength(day.libraryBytes());
                double encodeLibrary = millis.get("encodeLibrary" + suffix);
                double decodeOurs = millis.get("decodeAndMergeOurs" + suffix);
                double decodeLibrary = millis.get("decodeAndMergeLibrary" + suffix);
                System.out.printf(
                        Locale.ROOT,
                        "| %s, %d requests a minute | %.0f B | %.0f B | %.2f | %.2f ms | %.2f ms | %.2f | %.2f ms |"
                                + " %.2f ms | %.2f |%n",
                        metric,
                        perMinute,
                        ourSize,
                        librarySize,
                        librarySize / ourSize,
                        encodeOurs,
                        encodeLibrary,
                        encodeLibrary / encodeOurs,
                        decodeOurs,
                        decodeLibrary,
                        decodeLibrary / decodeOurs);
            }
        }
    }

    /** A day of minute sketches of one metric, in both forms, stored and checked to give the same quantiles. */
    private record Day(
            List<LatencySketch> ours, List<DDSketch> library, List<byte[]> ourBytes, List<byte[]> libraryBytes) {

        static Day of(Metric metric, int perMinute) throws IOException {
            BenchmarkOptions options = BenchmarkOptions.fromSystemProperties();
            LlmperfRequests requests = LlmperfRequests.load(options.dataset(), options.run());
            SplittableRandom random = new SplittableRandom(42);
            Instant start = Instant.parse("2026-11-01T00:00:00Z");
            List<LatencySketch> ours = new ArrayList<>(MINUTES);
            List<DDSketch> library = new ArrayList<>(MINUTES);
            // a minute's requests at a time: a day at 600 a minute with every token gap is never held at once
            for (int minute = 0; minute < MINUTES; minute++) {
                List<RequestSample> samples = new ArrayList<>(perMinute);
                Instant ts = start.plusSeconds(60L * minute);
                for (int i = 0; i < perMinute; i++) {
                    samples.add(requests.next(random, ts, true));
                }
                ours.add(ourSketch(samples, metric));
                library.add(librarySketch(samples, metric));
            }
            Day day = new Day(
                    List.copyOf(ours),
                    List.copyOf(library),
                    ours.stream().map(LatencySketch::toBytes).toList(),
                    library.stream().map(SketchCodecBenchmark::encode).toList());
            day.checkSameQuantiles(metric + ", " + perMinute + " requests a minute");
            return day;
        }

        private void checkSameQuantiles(String label) {
            double[] quantiles = {0.5, 0.9, 0.95, 0.99};
            LatencySketch merged = mergeOurs(ourBytes);
            double[] fromLibrary = mergeLibrary(libraryBytes).getValuesAtQuantiles(quantiles);
            for (int i = 0; i < quantiles.length; i++) {
                double mine = merged.quantile(quantiles[i]).orElseThrow();
                if (mine != fromLibrary[i]) {
                    throw new IllegalStateException("%s: q%s differs, ours %s, library %s"
                            .formatted(label, quantiles[i], mine, fromLibrary[i]));
                }
            }
        }
    }

    private static LatencySketch ourSketch(List<RequestSample> samples, Metric metric) {
        LatencySketch sketch = LatencySketch.empty();
        forEachValue(samples, metric, sketch::add);
        return sketch;
    }

    private static DDSketch librarySketch(List<RequestSample> samples, Metric metric) {
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

    private static double meanLength(List<byte[]> encoded) {
        return encoded.stream().mapToInt(bytes -> bytes.length).average().orElse(0);
    }
}
