package dev.inferencemetrics.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.flyway.autoconfigure.FlywayConnectionDetails;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class EmbeddedDatabaseAutoConfigurationIT {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(EmbeddedDatabaseAutoConfiguration.class));

    @Test
    void a_configured_database_url_keeps_the_embedded_database_off() {
        runner.withPropertyValues("spring.datasource.url=jdbc:postgresql://db.example:5432/metrics")
                .run(context -> {
                    assertThat(context).doesNotHaveBean(EmbeddedPostgresServer.class);
                    assertThat(context).doesNotHaveBean(JdbcConnectionDetails.class);
                });
    }

    @Test
    void other_connection_details_keep_the_embedded_database_off() {
        JdbcConnectionDetails elsewhere = new JdbcConnectionDetails() {
            @Override
            public String getUsername() {
                return "metrics";
            }

            @Override
            public String getPassword() {
                return "";
            }

            @Override
            public String getJdbcUrl() {
                return "jdbc:postgresql://elsewhere/metrics";
            }
        };
        runner.withBean(JdbcConnectionDetails.class, () -> elsewhere).run(context -> {
            assertThat(context).doesNotHaveBean(EmbeddedPostgresServer.class);
            assertThat(context.getBean(JdbcConnectionDetails.class)).isSameAs(elsewhere);
        });
    }

    @Test
    void with_nothing_configured_an_embedded_postgres_keeps_its_data_across_restarts(@TempDir Path dataDirectory) {
        ApplicationContextRunner embedded =
                runner.withPropertyValues("inference-metrics.embedded-database.data-directory=" + dataDirectory);

        embedded.run(context -> {
            FlywayConnectionDetails owner = context.getBean(FlywayConnectionDetails.class);
            assertThat(context.getBean(EmbeddedPostgresServer.class).dataDirectory())
                    .isEqualTo(dataDirectory);
            execute(owner, "create table survivor (name text); insert into survivor values ('still here')");
        });

        embedded.run(context -> {
            FlywayConnectionDetails owner = context.getBean(FlywayConnectionDetails.class);
            assertThat(queryString(owner, "select name from survivor")).isEqualTo("still here");
            assertThat(queryString(owner, "show server_version")).startsWith("17.");
            assertThat(queryString(owner, "show fsync")).isEqualTo("on");
        });
    }

    @Test
    void the_embedded_postgres_lets_nobody_in_without_its_generated_password_kept_for_its_owner_only(
            @TempDir Path dataDirectory) {
        runner.withPropertyValues("inference-metrics.embedded-database.data-directory=" + dataDirectory)
                .run(context -> {
                    FlywayConnectionDetails owner = context.getBean(FlywayConnectionDetails.class);
                    Path secret = dataDirectory.resolve(SuperuserSecret.FILE_NAME);

                    assertThat(owner.getPassword()).hasSizeGreaterThanOrEqualTo(32);
                    assertThat(Files.readString(secret)).isEqualTo(owner.getPassword());
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)))
                            .isEqualTo("rw-------");
                    assertThatThrownBy(() -> DriverManager.getConnection(owner.getJdbcUrl(), "postgres", ""))
                            .isInstanceOf(SQLException.class)
                            .hasMessageContaining("password");
                    assertThatThrownBy(() -> DriverManager.getConnection(owner.getJdbcUrl(), "postgres", "guess"))
                            .isInstanceOf(SQLException.class)
                            .hasMessageContaining("password authentication failed");
                    assertThat(queryString(owner, "show listen_addresses")).isEqualTo("localhost");
                });
    }

    @Test
    void the_application_connects_as_an_unprivileged_role_and_migrations_as_the_owner(@TempDir Path dataDirectory) {
        runner.withPropertyValues("inference-metrics.embedded-database.data-directory=" + dataDirectory)
                .run(context -> {
                    JdbcConnectionDetails application = context.getBean(JdbcConnectionDetails.class);
                    FlywayConnectionDetails owner = context.getBean(FlywayConnectionDetails.class);
                    assertThat(queryString(application, "select current_user")).isEqualTo("inference_metrics_app");
                    assertThat(queryString(
                                    application, "select rolsuper::text from pg_roles where rolname = current_user"))
                            .isEqualTo("false");
                    assertThat(queryString(owner, "select rolsuper::text from pg_roles where rolname = current_user"))
                            .isEqualTo("true");
                });
    }

    private static void execute(JdbcConnectionDetails details, String sql) throws SQLException {
        try (Connection connection = connect(details);
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private static String queryString(JdbcConnectionDetails details, String sql) throws SQLException {
        try (Connection connection = connect(details);
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getString(1);
        }
    }

    private static Connection connect(JdbcConnectionDetails details) throws SQLException {
        return DriverManager.getConnection(details.getJdbcUrl(), details.getUsername(), details.getPassword());
    }

    private static void execute(FlywayConnectionDetails owner, String sql) throws SQLException {
        execute(asJdbc(owner), sql);
    }

    private static String queryString(FlywayConnectionDetails owner, String sql) throws SQLException {
        return queryString(asJdbc(owner), sql);
    }

    private static JdbcConnectionDetails asJdbc(FlywayConnectionDetails owner) {
        return new JdbcConnectionDetails() {
            @Override
            public String getUsername() {
                return owner.getUsername();
            }

            @Override
            public String getPassword() {
                return owner.getPassword();
            }

            @Override
            public String getJdbcUrl() {
                return owner.getJdbcUrl();
            }
        };
    }
}
