package dev.inferencemetrics.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application's embedded PostgreSQL asks for the superuser's password from the moment initdb creates it: no
 * local user finds it open while it starts for the first time, and data directories made before start as they were.
 */
class EmbeddedDatabaseFirstStartIT {

    @TempDir
    Path directory;

    @Test
    void the_cluster_as_initdb_made_it_refuses_a_connection_without_password_and_trusts_nobody() throws Exception {
        Path data = Files.createDirectories(directory.resolve("data"));
        SuperuserSecret secret = SuperuserSecret.of(data);

        // the server before the application has set anything: what a local user meets during the first start
        try (EmbeddedPostgres created = EmbeddedPostgresServer.launch(data, secret)) {
            String url = "jdbc:postgresql://localhost:" + created.getPort() + "/postgres";
            assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", ""))
                    .isInstanceOf(SQLException.class);
            assertThatThrownBy(() -> DriverManager.getConnection(url, "postgres", "wrong"))
                    .hasMessageContaining("password authentication failed");
            try (Connection owner = DriverManager.getConnection(url, "postgres", secret.password())) {
                assertThat(owner.isValid(5)).isTrue();
            }
            assertThat(ruleLines(data)).isNotEmpty().noneSatisfy(line -> assertThat(line)
                    .contains("trust"));
        }
        assertThat(Files.list(directory).map(Path::getFileName).map(Path::toString))
                .as("initdb's password file is gone")
                .containsExactly("data");
    }

    @Test
    void after_the_first_start_a_connection_without_password_is_refused() throws Exception {
        try (EmbeddedPostgresServer server =
                EmbeddedPostgresServer.start(directory.resolve("data"), EmbeddedPostgresServer.Durability.DURABLE)) {
            assertRefusedWithoutPassword(server);
            assertThat(signsIn(server)).isTrue();
            assertThat(ruleLines(server.dataDirectory()))
                    .noneSatisfy(line -> assertThat(line).contains("trust"));
        }
    }

    @Test
    void a_data_directory_made_by_an_earlier_version_starts_and_then_asks_for_the_password() throws Exception {
        Path data = directory.resolve("data");
        // as initdb made it before: every local user trusted, no password file yet
        try (EmbeddedPostgres earlier = EmbeddedPostgres.builder()
                .setDataDirectory(data)
                .setCleanDataDirectory(false)
                .start()) {
            try (Connection owner = earlier.getPostgresDatabase().getConnection();
                    Statement statement = owner.createStatement()) {
                statement.execute("create table kept (note text)");
                statement.execute("insert into kept values ('from before')");
            }
        }

        try (EmbeddedPostgresServer server =
                EmbeddedPostgresServer.start(data, EmbeddedPostgresServer.Durability.DURABLE)) {
            assertRefusedWithoutPassword(server);
            assertThat(ruleLines(data)).noneSatisfy(line -> assertThat(line).contains("trust"));
            try (Connection owner =
                            DriverManager.getConnection(server.jdbcUrl(), server.username(), server.password());
                    Statement statement = owner.createStatement();
                    var rows = statement.executeQuery("select note from kept")) {
                assertThat(rows.next()).isTrue();
                assertThat(rows.getString(1)).isEqualTo("from before");
            }
        }
        try (EmbeddedPostgresServer again =
                EmbeddedPostgresServer.start(data, EmbeddedPostgresServer.Durability.DURABLE)) {
            assertThat(signsIn(again)).isTrue();
            assertRefusedWithoutPassword(again);
        }
    }

    private static void assertRefusedWithoutPassword(EmbeddedPostgresServer server) {
        assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl(), server.username(), ""))
                .isInstanceOf(SQLException.class);
        assertThatThrownBy(() -> DriverManager.getConnection(server.jdbcUrl(), server.username(), "wrong"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("password authentication failed");
    }

    private static boolean signsIn(EmbeddedPostgresServer server) throws SQLException {
        try (Connection owner = DriverManager.getConnection(server.jdbcUrl(), server.username(), server.password())) {
            return owner.isValid(5);
        }
    }

    private static List<String> ruleLines(Path data) throws IOException {
        return Files.readAllLines(data.resolve("pg_hba.conf")).stream()
                .map(String::strip)
                .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                .toList();
    }
}
