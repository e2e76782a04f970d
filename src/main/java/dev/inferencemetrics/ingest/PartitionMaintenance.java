package dev.inferencemetrics.ingest;

import dev.inferencemetrics.lease.SchedulerLease;
import dev.inferencemetrics.rollup.Resolution;
import dev.inferencemetrics.rollup.RollupRetentionStore;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Keeps one partition a UTC day for raw samples, from the oldest retained day to two days ahead, and drops whole
 * partitions (and old rollups) past their retention. Runs at start-up on every instance, before it takes any
 * ingest (an advisory lock keeps two starting instances from doing it at once), and then every hour on whichever
 * instance holds the {@code partition-maintenance} lease.
 */
@Component
class PartitionMaintenance implements InitializingBean {

    private static final Logger log = LoggerFactory.getLogger(PartitionMaintenance.class);
    private static final long LOCK_KEY = 0x1A7E_5A3B_0001L;
    private static final int DAYS_AHEAD = 2;
    private static final String LEASE = "partition-maintenance";
    /** Shorter than the hour between turns, so a stopped holder's next turn is taken by another instance. */
    private static final Duration LEASE_LENGTH = Duration.ofMinutes(50);

    private final SamplePartitionStore partitions;
    private final TenantTransactions tenantTransactions;
    private final RetentionProperties retention;
    private final SchedulerLease lease;
    private final RequestSampleStore samples;
    private final DimensionBatchStore dimensionBatches;
    private final RollupRetentionStore rollups;
    private final Clock clock;

    PartitionMaintenance(
            SamplePartitionStore partitions,
            TenantTransactions tenantTransactions,
            RetentionProperties retention,
            SchedulerLease lease,
            RequestSampleStore samples,
            DimensionBatchStore dimensionBatches,
            RollupRetentionStore rollups,
            Clock clock) {
        this.partitions = partitions;
        this.samples = samples;
        this.dimensionBatches = dimensionBatches;
        this.rollups = rollups;
        this.tenantTransactions = tenantTransactions;
        this.retention = retention;
        this.lease = lease;
        this.clock = clock;
    }

    @Override
    public void afterPropertiesSet() {
        run();
    }

    @Scheduled(cron = "0 5 * * * *", zone = "UTC")
    void hourly() {
        if (lease.tryAcquire(LEASE, LEASE_LENGTH)) {
            run();
        }
    }

    void run() {
        tenantTransactions.run(TenantScope.allTenants(), () -> {
            partitions.lockForTransaction(LOCK_KEY);
            Instant now = clock.instant();
            LocalDate oldestKept = day(now.minus(retention.rawSamples()));
            LocalDate newest = day(now).plusDays(DAYS_AHEAD);
            partitions.createPartitions(oldestKept, newest);
            partitions
                    .dropPartitionsBefore(oldestDropped(oldestKept))
                    .forEach(partition -> log.info(
                            "Dropped {} (past the {} raw-sample retention)", partition, retention.rawSamples()));
            deleteOldRollups(now);
            deleteRawPastDeploymentRetention();
        });
    }

    /**
     * The day before which partitions go: that of retention, or earlier while a batch waiting for the dimension fold
     * has samples in an older day (they go at the next turn, once counted).
     */
    private LocalDate oldestDropped(LocalDate oldestKept) {
        return dimensionBatches
                .oldestWaiting()
                .map(PartitionMaintenance::day)
                .filter(waiting -> waiting.isBefore(oldestKept))
                .orElse(oldestKept);
    }

    /** "Rollups only" deployments: their raw samples go once past the hours they are kept, within the hour. */
    void deleteRawPastDeploymentRetention() {
        samples.deletePastDeploymentRetention().forEach((deployment, removed) -> {
            if (removed > 0) {
                log.info("Removed {} raw samples of deployment id {} past its own retention", removed, deployment);
            }
        });
    }

    private void deleteOldRollups(Instant now) {
        rollups.deleteBefore(Resolution.MINUTE, now.minus(retention.minuteRollups()));
        rollups.deleteBefore(Resolution.HALF_HOUR, now.minus(retention.halfHourRollups()));
    }

    private static LocalDate day(Instant instant) {
        return LocalDate.ofInstant(instant, ZoneOffset.UTC);
    }
}
