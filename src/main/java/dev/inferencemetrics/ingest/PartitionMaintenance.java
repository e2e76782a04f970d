package dev.inferencemetrics.ingest;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Keeps one partition a UTC day for raw samples, from the oldest retained day to two days ahead, and drops whole
 * partitions (and old rollups) past their retention. Runs at start-up, before any ingest, and every hour; an
 * advisory lock keeps instances from doing it twice at once.
 */
@Component
class PartitionMaintenance implements InitializingBean {

    private static final Logger log = LoggerFactory.getLogger(PartitionMaintenance.class);
    private static final List<String> PARTITIONED_TABLES = List.of("request_sample", "kv_sample");
    private static final DateTimeFormatter SUFFIX = DateTimeFormatter.ofPattern("yyyyMMdd");
    private static final long LOCK_KEY = 0x1A7E_5A3B_0001L;
    private static final int DAYS_AHEAD = 2;

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transaction;
    private final RetentionProperties retention;
    private final Clock clock;

    PartitionMaintenance(
            JdbcTemplate jdbc, TransactionTemplate transaction, RetentionProperties retention, Clock clock) {
        this.jdbc = jdbc;
        this.transaction = transaction;
        this.retention = retention;
        this.clock = clock;
    }

    @Override
    public void afterPropertiesSet() {
        run();
    }

    @Scheduled(cron = "0 5 * * * *", zone = "UTC")
    void run() {
        transaction.executeWithoutResult(status -> {
            jdbc.queryForObject("select pg_advisory_xact_lock(?)", Object.class, LOCK_KEY);
            Instant now = clock.instant();
            LocalDate oldestKept = day(now.minus(retention.rawSamples()));
            LocalDate newest = day(now).plusDays(DAYS_AHEAD);
            for (String table : PARTITIONED_TABLES) {
                createPartitions(table, oldestKept, newest);
                dropPartitionsBefore(table, oldestKept);
            }
            deleteOldRollups(now);
        });
    }

    private void createPartitions(String table, LocalDate first, LocalDate last) {
        for (LocalDate day = first; !day.isAfter(last); day = day.plusDays(1)) {
            jdbc.execute("create table if not exists %s partition of %s for values from ('%s') to ('%s')"
                    .formatted(partitionName(table, day), table, day, day.plusDays(1)));
        }
    }

    private void dropPartitionsBefore(String table, LocalDate oldestKept) {
        List<String> partitions = jdbc.queryForList(
                "select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid"
                        + " where i.inhparent = ?::regclass",
                String.class,
                table);
        String oldestKeptName = partitionName(table, oldestKept);
        for (String partition : partitions) {
            if (partition.matches(table + "_p\\d{8}") && partition.compareTo(oldestKeptName) < 0) {
                jdbc.execute("drop table " + partition);
                log.info("Dropped {} (past the {} raw-sample retention)", partition, retention.rawSamples());
            }
        }
    }

    private void deleteOldRollups(Instant now) {
        for (String table : List.of("request_rollup", "kv_rollup")) {
            jdbc.update(
                    "delete from " + table + " where resolution_s = 60 and bucket < ?",
                    Timestamp.from(now.minus(retention.minuteRollups())));
            jdbc.update(
                    "delete from " + table + " where resolution_s = 1800 and bucket < ?",
                    Timestamp.from(now.minus(retention.halfHourRollups())));
        }
    }

    private static String partitionName(String table, LocalDate day) {
        return table + "_p" + SUFFIX.format(day);
    }

    private static LocalDate day(Instant instant) {
        return LocalDate.ofInstant(instant, ZoneOffset.UTC);
    }
}
