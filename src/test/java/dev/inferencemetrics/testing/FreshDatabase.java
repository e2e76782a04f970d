package dev.inferencemetrics.testing;

import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * An empty database on the test server, reached as the schema owner, for tests of the migrations themselves;
 * dropped again on close.
 */
public final class FreshDatabase implements AutoCloseable {

    private final JdbcTemplate server;
    private final String name;
    private final SingleConnectionDataSource dataSource;
    private final DataSource connections;

    private FreshDatabase(OwnerJdbc owner, FlywayConnectionDetails ownerConnection, String name) {
        this.server = owner.jdbc();
        this.name = name;
        server.execute("create database " + name);
        String url = ownerConnection.getJdbcUrl().replaceFirst("/[^/?]+(\\?|$)", "/" + name + "$1");
        this.dataSource =
                new SingleConnectionDataSource(url, ownerConnection.getUsername(), ownerConnection.getPassword(), true);
        this.connections =
                new DriverManagerDataSource(url, ownerConnection.getUsername(), ownerConnection.getPassword());
    }

    public static FreshDatabase create(OwnerJdbc owner, FlywayConnectionDetails ownerConnection, String purpose) {
        String name = purpose + "_" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        return new FreshDatabase(owner, ownerConnection, name);
    }

    public DataSource dataSource() {
        return dataSource;
    }

    /** The database through a new connection for every transaction, for work that must not share one; closed after. */
    public DataSource connections() {
        return connections;
    }

    public JdbcTemplate jdbc() {
        return new JdbcTemplate(dataSource);
    }

    /** Flyway as the application configures it, migrating up to {@code target} ("latest" for all). */
    public Flyway flyway(String target) {
        return Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .placeholders(Map.of("app_role", TestDatabase.APPLICATION_ROLE.name()))
                .initSql("set app.all_tenants = 'on'")
                .target(target)
                .load();
    }

    @Override
    public void close() {
        dataSource.destroy();
        server.execute("drop database " + name);
    }
}
