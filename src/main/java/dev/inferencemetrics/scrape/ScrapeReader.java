package dev.inferencemetrics.scrape;

import dev.inferencemetrics.scrape.Snapshot.Cumulative;
import dev.inferencemetrics.scrape.Snapshot.GaugeReading;
import dev.inferencemetrics.scrape.exposition.Sample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a parsed scrape through {@link EngineAliases}: splits it into replicas (the target's own name, plus any
 * replica label such as {@code engine="0"}), and per replica and metric takes the first alias present. Readings that
 * mean "no data" — NaN, infinities, negative values such as vLLM's {@code -1} — are skipped, and so are ratios above 1.
 * A per-GPU gauge (NVIDIA's DCGM exporter) yields one reading per GPU of the replica.
 */
final class ScrapeReader {

    private final Map<String, Map<String, List<Sample>>> byNameAndReplica = new HashMap<>();
    private final List<String> replicas = new ArrayList<>();

    private ScrapeReader(List<Sample> samples, String targetReplica) {
        for (Sample sample : samples) {
            String replica = replicaOf(sample, targetReplica);
            if (!replicas.contains(replica)) {
                replicas.add(replica);
            }
            byNameAndReplica
                    .computeIfAbsent(sample.name(), name -> new LinkedHashMap<>())
                    .computeIfAbsent(replica, r -> new ArrayList<>())
                    .add(sample);
        }
    }

    static Snapshot read(List<Sample> samples, String targetReplica) {
        return new ScrapeReader(samples, targetReplica).snapshot(samples.size());
    }

    private Snapshot snapshot(int seriesRead) {
        List<GaugeReading> gauges = new ArrayList<>();
        List<Cumulative> cumulatives = new ArrayList<>();
        for (String replica : replicas) {
            for (var entry : EngineAliases.TABLE.entrySet()) {
                for (Alias alias : entry.getValue()) {
                    if (read(entry.getKey(), alias, replica, gauges, cumulatives)) {
                        break;
                    }
                }
            }
        }
        return new Snapshot(gauges, cumulatives, seriesRead);
    }

    /** Adds what this alias says of the replica; false when the replica has no usable series of that name. */
    private boolean read(
            EngineMetric metric, Alias alias, String replica, List<GaugeReading> gauges, List<Cumulative> cumulatives) {
        return switch (alias) {
            case Alias.Gauge gauge ->
                first(gauge.name(), replica)
                        .filter(value -> !gauge.ratio() || value <= 1)
                        .map(value ->
                                gauges.add(new GaugeReading(metric, replica, gauge.ratio() ? value * 100 : value)))
                        .isPresent();
            case Alias.Counter counter ->
                counter(metric, counter.name(), replica, "")
                        .map(cumulatives::add)
                        .isPresent();
            case Alias.CounterRatio ratio -> {
                Optional<Cumulative> hits = counter(metric, ratio.numerator(), replica, "hits");
                Optional<Cumulative> queries = counter(metric, ratio.denominator(), replica, "queries");
                if (hits.isEmpty() || queries.isEmpty()) {
                    yield false;
                }
                cumulatives.add(hits.get());
                cumulatives.add(queries.get());
                yield true;
            }
            case Alias.Histogram histogram -> buckets(metric, histogram.name(), replica, cumulatives);
            case Alias.PerGpu perGpu -> {
                Map<String, Double> byGpu = perGpu(perGpu.name(), replica);
                byGpu.values().stream()
                        .filter(value -> perGpu.scale() == 1 || value <= 1)
                        .forEach(value -> gauges.add(new GaugeReading(metric, replica, value * perGpu.scale())));
                yield !byGpu.isEmpty();
            }
            case Alias.GpuMemory memory -> gpuMemory(metric, memory, replica, gauges);
        };
    }

    /** Each GPU's memory used as a percentage of used + free; false when no GPU reports both. */
    private boolean gpuMemory(EngineMetric metric, Alias.GpuMemory memory, String replica, List<GaugeReading> gauges) {
        Map<String, Double> free = perGpu(memory.free(), replica);
        boolean read = false;
        for (var used : perGpu(memory.used(), replica).entrySet()) {
            Double freeMib = free.get(used.getKey());
            if (freeMib != null && used.getValue() + freeMib > 0) {
                gauges.add(new GaugeReading(metric, replica, 100 * used.getValue() / (used.getValue() + freeMib)));
                read = true;
            }
        }
        return read;
    }

    /** The first usable reading of each GPU (its {@code gpu}, {@code UUID} and MIG instance) in the replica. */
    private Map<String, Double> perGpu(String name, String replica) {
        Map<String, Double> byGpu = new LinkedHashMap<>();
        for (Sample sample : samples(name, replica)) {
            if (usable(sample.value())) {
                byGpu.putIfAbsent(
                        sample.label("gpu") + '\t' + sample.label("UUID") + '\t' + sample.label("GPU_I_ID"),
                        sample.value());
            }
        }
        return byGpu;
    }

    private Optional<Double> first(String name, String replica) {
        return samples(name, replica).stream()
                .map(Sample::value)
                .filter(ScrapeReader::usable)
                .findFirst();
    }

    private Optional<Cumulative> counter(EngineMetric metric, String name, String replica, String part) {
        double created = first(createdName(name), replica).orElse(Double.NaN);
        return first(name, replica).map(value -> new Cumulative(metric, replica, part, value, created));
    }

    private boolean buckets(EngineMetric metric, String name, String replica, List<Cumulative> cumulatives) {
        List<Sample> buckets = samples(name + "_bucket", replica);
        if (buckets.isEmpty()) {
            return false;
        }
        double created = first(name + "_created", replica).orElse(Double.NaN);
        Map<String, String> series = withoutLe(buckets.getFirst());
        for (Sample bucket : buckets) {
            if (withoutLe(bucket).equals(series)
                    && usable(bucket.value())
                    && ScrapeDeltas.isBound(bucket.label("le"))) {
                cumulatives.add(new Cumulative(metric, replica, bucket.label("le"), bucket.value(), created));
            }
        }
        return true;
    }

    private List<Sample> samples(String name, String replica) {
        return byNameAndReplica.getOrDefault(name, Map.of()).getOrDefault(replica, List.of());
    }

    private static Map<String, String> withoutLe(Sample sample) {
        Map<String, String> labels = new HashMap<>(sample.labels());
        labels.remove("le");
        return labels;
    }

    /** OpenMetrics names a counter's creation time after the counter without its {@code _total}. */
    static String createdName(String counter) {
        return (counter.endsWith("_total") ? counter.substring(0, counter.length() - "_total".length()) : counter)
                + "_created";
    }

    private static boolean usable(double value) {
        return Double.isFinite(value) && value >= 0;
    }

    private static String replicaOf(Sample sample, String targetReplica) {
        StringBuilder replica = new StringBuilder(targetReplica);
        for (String label : EngineAliases.REPLICA_LABELS) {
            String value = sample.label(label);
            if (!value.isEmpty()) {
                replica.append(' ').append(label).append('=').append(value);
            }
        }
        return replica.toString();
    }
}
