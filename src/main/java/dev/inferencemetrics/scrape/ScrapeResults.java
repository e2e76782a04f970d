package dev.inferencemetrics.scrape;

import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.ingest.KvSample;
import dev.inferencemetrics.rollup.DeploymentRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollup;
import dev.inferencemetrics.rollup.EngineGaugeRollupStore;
import dev.inferencemetrics.rollup.EngineLatencyRollup;
import dev.inferencemetrics.rollup.EngineLatencyRollupStore;
import dev.inferencemetrics.rollup.EngineReplicaRollupStore;
import dev.inferencemetrics.rollup.ReplicaCount;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.scrape.Snapshot.GaugeReading;
import dev.inferencemetrics.tenancy.TenantScope;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * Stores what the scrapes of one poll round yielded for one tenant, together with each target's new health and
 * counter memory, in one transaction of that tenant: KV-cache readings go the way pushed ones go, other gauges and
 * engine histograms to their rollups, the engine replicas that answered to the replica counts, every table written by
 * one statement for the whole round. A target whose lease
 * this instance lost meanwhile has nothing stored (the new holder scrapes again).
 */
@Component
class ScrapeResults {

    private final ScrapeTargetStore targets;
    private final IngestService ingest;
    private final EngineGaugeRollupStore gauges;
    private final EngineLatencyRollupStore latencies;
    private final EngineReplicaRollupStore replicas;

    ScrapeResults(
            ScrapeTargetStore targets,
            IngestService ingest,
            EngineGaugeRollupStore gauges,
            EngineLatencyRollupStore latencies,
            EngineReplicaRollupStore replicas) {
        this.targets = targets;
        this.ingest = ingest;
        this.gauges = gauges;
        this.latencies = latencies;
        this.replicas = replicas;
    }

    /** Stores the scrapes (all of targets of {@code tenantId}); returns how many were stored. */
    @Transactional
    int store(TenantScope.SingleTenant tenant, String owner, List<Scraped> scraped) {
        long tenantId = tenant.tenantId();
        Set<Long> held = targets.succeeded(tenantId, owner, scraped);
        Map<Long, List<KvSample>> kv = new LinkedHashMap<>();
        Map<DeploymentBucket, List<GaugeReading>> gaugeReadings = new LinkedHashMap<>();
        Map<DeploymentBucket, List<HistogramDelta>> histograms = new LinkedHashMap<>();
        Map<DeploymentBucket, Integer> newReplicas = new LinkedHashMap<>();
        for (Scraped one : scraped) {
            if (!held.contains(one.target().id())) {
                continue;
            }
            long deploymentId = one.target().deploymentId();
            if (one.result().newReplicas() > 0) {
                newReplicas.merge(
                        new DeploymentBucket(
                                deploymentId, Resolution.MINUTE, Resolution.MINUTE.bucketOf(one.takenAt())),
                        one.result().newReplicas(),
                        Integer::sum);
            }
            for (GaugeReading reading : one.result().gauges()) {
                if (reading.metric() == EngineMetric.KV_CACHE) {
                    kv.computeIfAbsent(deploymentId, id -> new ArrayList<>())
                            .add(new KvSample(one.takenAt(), reading.replica(), reading.value()));
                }
            }
            for (Resolution resolution : Resolution.values()) {
                var bucket = new DeploymentBucket(deploymentId, resolution, resolution.bucketOf(one.takenAt()));
                gaugeReadings
                        .computeIfAbsent(bucket, b -> new ArrayList<>())
                        .addAll(one.result().gauges());
                histograms
                        .computeIfAbsent(bucket, b -> new ArrayList<>())
                        .addAll(one.result().histograms());
            }
        }
        ingest.storeScrapedKvCache(tenantId, kv);
        List<DeploymentRollup<EngineGaugeRollup>> gaugeDeltas = new ArrayList<>();
        gaugeReadings.forEach((bucket, readings) ->
                gaugeRollups(readings, bucket.start()).forEach(rollup -> gaugeDeltas.add(bucket.of(rollup))));
        gauges.add(tenantId, gaugeDeltas);
        List<DeploymentRollup<EngineLatencyRollup>> latencyDeltas = new ArrayList<>();
        histograms.forEach((bucket, deltas) ->
                latencyRollups(deltas, bucket.start()).forEach(rollup -> latencyDeltas.add(bucket.of(rollup))));
        latencies.add(tenantId, latencyDeltas);
        replicas.add(
                tenantId,
                newReplicas.entrySet().stream()
                        .map(count -> new ReplicaCount(
                                count.getKey().deploymentId(), count.getKey().start(), count.getValue()))
                        .toList());
        return held.size();
    }

    /** One rollup bucket of one deployment, which the scrapes of a round falling into it add up in. */
    private record DeploymentBucket(long deploymentId, Resolution resolution, Instant start) {
        <R> DeploymentRollup<R> of(R rollup) {
            return new DeploymentRollup<>(deploymentId, resolution, rollup);
        }
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
