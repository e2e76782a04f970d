package dev.inferencemetrics.loadgen;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The dashboard database's size on disk, read before and after a load to report its growth: the whole database
 * ({@code pg_database_size}: tables, indexes, TOAST, free space inside them — not the WAL), and within it the raw
 * request samples (every day partition) and the request rollups. Catalog functions only; no table is read.
 */
record DatabaseSize(long databaseBytes, long rawSampleBytes, long rollupBytes) {

    private static final String SIZES = """
            select pg_database_size(current_database()),
                   (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree('request_sample')),
                   pg_total_relation_size('request_rollup')""";

    /** Reads the sizes through the JDBC URL given with {@code --database} (user and password in the URL). */
    static DatabaseSize read(String jdbcUrl) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                Statement statement = connection.createStatement();
                ResultSet sizes = statement.executeQuery(SIZES)) {
            sizes.next();
            return new DatabaseSize(sizes.getLong(1), sizes.getLong(2), sizes.getLong(3));
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read the database's size through " + redacted(jdbcUrl), e);
        }
    }

    DatabaseSize minus(DatabaseSize before) {
        return new DatabaseSize(
                databaseBytes - before.databaseBytes,
                rawSampleBytes - before.rawSampleBytes,
                rollupBytes - before.rollupBytes);
    }

    /** Without the password, which a URL may carry. */
    private static String redacted(String jdbcUrl) {
        return jdbcUrl.replaceAll("password=[^&]*", "password=…");
    }
}
