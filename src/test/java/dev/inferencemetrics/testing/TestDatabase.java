package dev.inferencemetrics.testing;

import dev.inferencemetrics.database.ApplicationRole;
import dev.inferencemetrics.database.EmbeddedPostgresConnectionDetails;
import dev.inferencemetrics.database.EmbeddedPostgresOwnerConnectionDetails;
import dev.inferencemetrics.database.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.testcontainers.service.connection.ServiceConnection;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * The one way integration tests get a real PostgreSQL; see {@link TestDatabaseSource} for the order. As in
 * production, migrations run as the owner and the application connects as the unprivileged application role, which
 * is created here. Tests that must see every tenant's rows use {@link OwnerJdbc}.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestDatabase {

    /** Fixed, so that test runs sharing one server do not change each other's password. */
    public static final ApplicationRole APPLICATION_ROLE =
            new ApplicationRole(ApplicationRole.DEFAULT_NAME, "inferenceMetricsAppTestRole");

    private static final TestDatabaseSource SOURCE = TestDatabaseSource.choose(dockerAvailable(), System.getenv());

    public static TestDatabaseSource source() {
        return SOURCE;
    }

    @Bean
    @ServiceConnection(type = FlywayConnectionDetails.class)
    @Conditional(UsesDocker.class)
    PostgreSQLContainer postgresContainer() {
        return new PostgreSQLContainer("postgres:17");
    }

    @Bean
    @Conditional(UsesDocker.class)
    JdbcConnectionDetails containerApplicationConnectionDetails(PostgreSQLContainer container) {
        return applicationConnection(
                new OwnerLogin(container.getJdbcUrl(), container.getUsername(), container.getPassword()));
    }

    @Bean
    @Conditional(UsesNoDocker.class)
    FlywayConnectionDetails testDatabaseOwnerConnectionDetails() {
        return switch (SOURCE) {
            case TestDatabaseSource.GivenUrl given -> new OwnerLogin(given.url(), given.username(), given.password());
            case TestDatabaseSource.Embedded embedded ->
                new EmbeddedPostgresOwnerConnectionDetails(SharedEmbedded.SERVER);
            case TestDatabaseSource.DockerContainer docker -> throw new IllegalStateException("Docker is in use");
        };
    }

    @Bean
    @Conditional(UsesNoDocker.class)
    JdbcConnectionDetails testDatabaseConnectionDetails(FlywayConnectionDetails owner) {
        return switch (SOURCE) {
            case TestDatabaseSource.GivenUrl given -> applicationConnection(owner);
            case TestDatabaseSource.Embedded embedded ->
                new EmbeddedPostgresConnectionDetails(SharedEmbedded.SERVER, APPLICATION_ROLE);
            case TestDatabaseSource.DockerContainer docker -> throw new IllegalStateException("Docker is in use");
        };
    }

    /** The schema owner's view, past row-level security: for tests that check what is stored across tenants. */
    @Bean
    OwnerJdbc ownerJdbc(FlywayConnectionDetails owner) {
        var dataSource = new DriverManagerDataSource(owner.getJdbcUrl(), owner.getUsername(), owner.getPassword());
        // an owner that is no superuser still meets row-level security: it declares every tenant
        Properties options = new Properties();
        options.setProperty("options", "-c app.all_tenants=on");
        dataSource.setConnectionProperties(options);
        return new OwnerJdbc(new JdbcTemplate(dataSource));
    }

    private static JdbcConnectionDetails applicationConnection(FlywayConnectionDetails owner) {
        ensureApplicationRole(owner);
        return new ApplicationLogin(owner.getJdbcUrl(), APPLICATION_ROLE.name(), APPLICATION_ROLE.password());
    }

    private static void ensureApplicationRole(FlywayConnectionDetails owner) {
        try (Connection connection =
                DriverManager.getConnection(owner.getJdbcUrl(), owner.getUsername(), owner.getPassword())) {
            APPLICATION_ROLE.ensureExists(connection);
        } catch (SQLException e) {
            throw new IllegalStateException("Could not create the application role in the test database", e);
        }
    }

    private static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** One embedded server for the whole test JVM, in a fresh directory; it stops when the JVM exits. */
    private static final class SharedEmbedded {
        static final EmbeddedPostgresServer SERVER = start();

        private static EmbeddedPostgresServer start() {
            try {
                EmbeddedPostgresServer server = EmbeddedPostgresServer.start(
                        Files.createTempDirectory("inference-metrics-test-pg"),
                        EmbeddedPostgresServer.Durability.THROW_AWAY);
                try (Connection owner = DriverManager.getConnection(server.jdbcUrl(), server.username(), "")) {
                    APPLICATION_ROLE.ensureExists(owner);
                }
                return server;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (SQLException e) {
                throw new IllegalStateException("Could not create the application role", e);
            }
        }
    }

    /** The schema owner's login: only ever the migrations' connection, never the application's. */
    private record OwnerLogin(String jdbcUrl, String username, String password) implements FlywayConnectionDetails {

        @Override
        public String getUsername() {
            return username;
        }

        @Override
        public String getPassword() {
            return password;
        }

        @Override
        public String getJdbcUrl() {
            return jdbcUrl;
        }
    }

    /** The application role's login. */
    private record ApplicationLogin(String jdbcUrl, String username, String password) implements JdbcConnectionDetails {

        @Override
        public String getUsername() {
            return username;
        }

        @Override
        public String getPassword() {
            return password;
        }

        @Override
        public String getJdbcUrl() {
            return jdbcUrl;
        }
    }

    static final class UsesDocker implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return SOURCE instanceof TestDatabaseSource.DockerContainer;
        }
    }

    static final class UsesNoDocker implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return !(SOURCE instanceof TestDatabaseSource.DockerContainer);
        }
    }
}
