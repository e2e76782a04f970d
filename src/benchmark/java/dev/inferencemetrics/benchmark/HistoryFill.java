package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.ingest.IngestRollups;
import dev.inferencemetrics.ingest.RequestSample;
import dev.inferencemetrics.rollup.KvRollup;
import dev.inferencemetrics.rollup.KvRollupStore;
import dev.inferencemetrics.rollup.RequestRollup;
import dev.inferencemetrics.rollup.RequestRollupStore;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Gives a deployment its history fast: raw rows go in by COPY, and the rollups, folded in Java from the very same
 * samples by ingestion's own fold, go in through the rollup stores. Days are filled in parallel, one per core.
 */
final class HistoryFill {

    private static final int KV_REPLICAS = 4;
    private static final int KV_READINGS_PER_MINUTE = 4;
    private static final int FLUSH_CHARS = 1 << 20;

    private final DataSource dataSource;
    private final RequestRollupStore requestRollups;
    private final KvRollupStore kvRollups;
    private final TenantTransactions tenantTransactions;
    private final LlmperfRequests requests;
    private final int requestsPerMinute;

    HistoryFill(
            DataSource dataSource,
            RequestRollupStore requestRollups,
            KvRollupStore kvRollups,
            TenantTransactions tenantTransactions,
            LlmperfRequests requests,
            int requestsPerSecond) {
        this.dataSource = dataSource;
        this.requestRollups = requestRollups;
        this.kvRollups = kvRollups;
        this.tenantTransactions = tenantTransactions;
        this.requests = requests;
        this.requestsPerMinute = requestsPerSecond * 60;
    }

    /** Fills {@code days} days ending at {@code end} (a whole minute); returns how many requests were stored. */
    long fill(DeploymentRef deployment, Instant end, int days) throws Exception {
        Instant start = end.minus(Duration.ofDays(days));
        ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
        try {
            List<Future<Long>> filled = new ArrayList<>();
            for (int day = 0; day < days; day++) {
                Instant dayStart = start.plus(Duration.ofDays(day));
                long seed = day;
                filled.add(pool.submit(() -> fillDay(deployment, dayStart, seed)));
            }
            long stored = 0;
            for (Future<Long> day : filled) {
                stored += day.get();
            }
            return stored;
        } finally {
            pool.shutdownNow();
        }
    }

    private long fillDay(DeploymentRef deployment, Instant dayStart, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        List<RequestRollup> minutes = new ArrayList<>(1_440);
        long stored;
        try (Connection connection = dataSource.getConnection()) {
            CopyIn copy = connection.unwrap(PGConnection.class).getCopyAPI().copyIn(SampleText.COPY_REQUEST_SAMPLE);
            StringBuilder rows = new StringBuilder(FLUSH_CHARS + (1 << 16));
            for (int m = 0; m < 1_440; m++) {
                Instant minute = dayStart.plusSeconds(60L * m);
                List<RequestSample> samples = new ArrayList<>(requestsPerMinute);
                for (int i = 0; i < requestsPerMinute; i++) {
                    Instant ts = minute.plusNanos(random.nextLong(60_000_000L) * 1_000);
                    RequestSample sample = requests.next(random, ts, false);
                    samples.add(sample);
                    SampleText.appendCopyRow(rows, deployment.tenantId(), deployment.id(), sample, ts.plusMillis(250));
                }
                minutes.addAll(IngestRollups.of(
                        samples,
                        GoodputSlo.defaultFor(deployment.sloTtftP95Ms(), deployment.sloItlP95Ms()),
                        Resolution.MINUTE));
                if (rows.length() >= FLUSH_CHARS) {
                    write(copy, rows);
                }
            }
            write(copy, rows);
            stored = copy.endCopy();
        }
        List<KvRollup> kvMinutes = kvMinutes(dayStart, random);
        tenantTransactions.run(TenantScope.tenant(deployment.tenantId()), () -> {
            long tenant = deployment.tenantId();
            requestRollups.add(tenant, deployment.id(), Resolution.MINUTE, minutes);
            requestRollups.add(tenant, deployment.id(), Resolution.HALF_HOUR, halfHours(minutes));
            kvRollups.add(tenant, deployment.id(), Resolution.MINUTE, kvMinutes);
            kvRollups.add(tenant, deployment.id(), Resolution.HALF_HOUR, kvHalfHours(kvMinutes));
        });
        return stored;
    }

    private static void write(CopyIn copy, StringBuilder rows) throws Exception {
        byte[] bytes = rows.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        rows.setLength(0);
    }

    private static List<RequestRollup> halfHours(List<RequestRollup> minutes) {
        Map<Instant, RequestRollup> byBucket = new LinkedHashMap<>();
        for (RequestRollup minute : minutes) {
            byBucket.computeIfAbsent(Resolution.HALF_HOUR.bucketOf(minute.bucket()), RequestRollup::new)
                    .merge(minute);
        }
        return List.copyOf(byBucket.values());
    }

    /** KV-cache usage of a few replicas, read every 15 s: a daily swell with noise. */
    private static List<KvRollup> kvMinutes(Instant dayStart, SplittableRandom random) {
        List<KvRollup> minutes = new ArrayList<>(1_440);
        for (int m = 0; m < 1_440; m++) {
            Instant minute = dayStart.plusSeconds(60L * m);
            KvRollup rollup = null;
            for (int i = 0; i < KV_REPLICAS * KV_READINGS_PER_MINUTE; i++) {
                double daily = Math.sin(2 * Math.PI * (minute.getEpochSecond() % 86_400) / 86_400.0);
                double usage = Math.clamp(35 + 25 * daily + random.nextDouble(-10, 10), 0, 100);
                KvRollup reading = KvRollup.of(minute, usage);
                rollup = rollup == null ? reading : rollup.plus(reading);
            }
            minutes.add(rollup);
        }
        return minutes;
    }

    private static List<KvRollup> kvHalfHours(List<KvRollup> minutes) {
        Map<Instant, KvRollup> byBucket = new LinkedHashMap<>();
        for (KvRollup minute : minutes) {
            Instant bucket = Resolution.HALF_HOUR.bucketOf(minute.bucket());
            KvRollup moved =
                    new KvRollup(bucket, minute.samples(), minute.usageSum(), minute.usageMin(), minute.usageMax());
            byBucket.merge(bucket, moved, KvRollup::plus);
        }
        return List.copyOf(byBucket.values());
    }
}
