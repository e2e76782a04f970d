package dev.inferencemetrics.ingest;

import java.sql.Date;
import java.time.LocalDate;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The day partitions of the raw samples. The application role may not do DDL: the schema owner's functions create
 * and drop the partitions, and this store calls them. The caller runs across tenants.
 */
@Repository
class SamplePartitionStore {

    private final JdbcClient jdbc;

    SamplePartitionStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** Waits for the transaction-scoped advisory lock {@code key}: one maintenance run at a time, on any instance. */
    void lockForTransaction(long key) {
        jdbc.sql("select pg_advisory_xact_lock(:key)").param("key", key).query().listOfRows();
    }

    /** Creates the partitions of the days {@code from} to {@code to} (both included) that do not exist yet. */
    void createPartitions(LocalDate from, LocalDate to) {
        jdbc.sql("select create_sample_partitions(:from, :to)")
                .param("from", Date.valueOf(from))
                .param("to", Date.valueOf(to))
                .query()
                .listOfRows();
    }

    /** Drops the partitions of the days before {@code day}; their names. */
    List<String> dropPartitionsBefore(LocalDate day) {
        return jdbc.sql("select drop_sample_partitions_before(:day) as dropped")
                .param("day", Date.valueOf(day))
                .query((rs, n) -> rs.getString("dropped"))
                .list();
    }
}
