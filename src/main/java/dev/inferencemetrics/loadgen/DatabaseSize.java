package dev.inferencemetrics.loadgen;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    private static final Pattern PASSWORD = Pattern.compile("(?i)password=([^&;\\s]*)");
    private static final Pattern USER_INFO_PASSWORD = Pattern.compile("//([^/:@\\s]*):[^/@\\s]*@");

    /**
     * Reads the sizes through the JDBC URL given with {@code --database}. What goes wrong is said without the
     * password, and without the driver's exception, whose message may quote the URL.
     */
    static DatabaseSize read(String jdbcUrl) {
        try (Connection connection = DriverManager.getConnection(jdbcUrl);
                Statement statement = connection.createStatement();
                ResultSet sizes = statement.executeQuery(SIZES)) {
            sizes.next();
            return new DatabaseSize(sizes.getLong(1), sizes.getLong(2), sizes.getLong(3));
        } catch (SQLException | RuntimeException e) {
            throw new IllegalStateException("cannot read the database's size through " + redacted(jdbcUrl, jdbcUrl)
                    + ": " + redacted(String.valueOf(e.getMessage()), jdbcUrl));
        }
    }

    DatabaseSize minus(DatabaseSize before) {
        return new DatabaseSize(
                databaseBytes - before.databaseBytes,
                rawSampleBytes - before.rawSampleBytes,
                rollupBytes - before.rollupBytes);
    }

    /** {@code text} without the password that {@code jdbcUrl} may carry, wherever and however it is quoted. */
    static String redacted(String text, String jdbcUrl) {
        String redacted = USER_INFO_PASSWORD
                .matcher(PASSWORD.matcher(text).replaceAll("password=…"))
                .replaceAll("//$1:…@");
        Matcher password = PASSWORD.matcher(jdbcUrl);
        while (password.find()) {
            String raw = password.group(1);
            if (!raw.isEmpty()) {
                redacted = redacted.replace(raw, "…").replace(URLDecoder.decode(raw, StandardCharsets.UTF_8), "…");
            }
        }
        return redacted;
    }
}
