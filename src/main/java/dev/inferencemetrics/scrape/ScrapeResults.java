package dev.inferencemetrics.scrape;

import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.ingest.KvSample;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.scrape.Snapshot.GaugeReading;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Stores what one scrape yielded, together with the target's new health and counter memory, in one transaction of
 * the target's tenant: KV-cache readings go the way pushed ones go, other gauges and engine histograms to their
 * rollups. If this instance lost the lease meanwhile, nothing is stored (the new holder scrapes again).
 */
@Component
class ScrapeResults {

    private final ScrapeTargetStore targets;
    private final IngestService ingest;
    private final EngineGaugeRollupStore gauges;
    private final EngineLatencyRollupStore latencies;

    ScrapeResults(
            ScrapeTargetStore targets,
            IngestService ingest,
            EngineGaugeRollupStore gauges,
            EngineLatencyRollupStore latencies) {
        this.targets = targets;
        this.ingest = ingest;
        this.gauges = gauges;
        this.latencies = latencies;
    }

    @Transactional
    boolean store(ClaimedTarget target, String owner, Instant now, int seriesRead, ScrapeDeltas.Result result) {
        if (!targets.succeeded(target, owner, now, seriesRead, result.memory())) {
            return false;
        }
        List<KvSample> kv = result.gauges().stream()
                .filter(reading -> reading.metric() == EngineMetric.KV_CACHE)
                .map(reading -> new KvSample(now, reading.replica(), reading.value()))
                .toList();
        ingest.storeScrapedKvCache(target.tenantId(), target.deploymentId(), kv);
        for (Resolution resolution : Resolution.values()) {
            Instant bucket = resolution.bucketOf(now);
            gauges.add(target.tenantId(), target.deploymentId(), resolution, gaugeRollups(result.gauges(), bucket));
            latencies.add(
                    target.tenantId(), target.deploymentId(), resolution, latencyRollups(result.histograms(), bucket));
        }
        return true;
    }

    private static List<EngineGaugeRollup> gaugeRollups(List<GaugeReading> readings, Instant bucket) {
        Map<String, EngineGaugeRollup> byMetric = new LinkedHashMap<>();
        for (GaugeReading reading : readings) {
            if (reading.metric() != EngineMetric.KV_CACHE) {
                byMetric.merge(
                        reading.metric().code(),
                        EngineGaugeRollup.of(reading.metric().code(), bucket, reading.value()),
                        EngineGaugeRollup::plus);
            }
        }
        return List.copyOf(byMetric.values());
    }

    /** Replicas with the same buckets add up into one histogram per metric; empty ones are left out. */
    private static List<EngineLatencyRollup> latencyRollups(List<HistogramDelta> deltas, Instant bucket) {
        Map<String, EngineLatencyRollup> merged = new LinkedHashMap<>();
        for (HistogramDelta delta : deltas) {
            if (delta.total() == 0) {
                continue;
            }
            EngineLatencyRollup rollup =
                    new EngineLatencyRollup(delta.metric().code(), bucket, delta.upperBounds(), delta.counts());
            merged.merge(delta.metric().code() + Arrays.toString(delta.upperBounds()), rollup, ScrapeResults::sum);
        }
        // one row per metric and bucket: the histogram with the most observations wins when bounds differ
        Map<String, EngineLatencyRollup> perMetric = new LinkedHashMap<>();
        merged.values()
                .forEach(rollup -> perMetric.merge(rollup.metric(), rollup, (a, b) -> a.total() >= b.total() ? a : b));
        return List.copyOf(perMetric.values());
    }

    private static EngineLatencyRollup sum(EngineLatencyRollup a, EngineLatencyRollup b) {
        long[] counts = a.counts();
        long[] more = b.counts();
        for (int i = 0; i < counts.length; i++) {
            counts[i] += more[i];
        }
        return new EngineLatencyRollup(a.metric(), a.bucket(), a.upperBounds(), counts);
    }
}
