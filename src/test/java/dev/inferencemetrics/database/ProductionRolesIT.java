package dev.inferencemetrics.database;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.inferencemetrics.testing.AppProcess;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * The documented production path (docs/security.md), followed word for word on the machine's PostgreSQL (15 here; CI has it too): the
 * roles and database its SQL creates, under names of this run's own, the migrations run by the owner — who is no
 * superuser — and the application serving tenants as the unprivileged role. Everything is dropped afterwards. No
 * other test uses that server.
 */
class ProductionRolesIT {

    private static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";
    private static final String ACME_DEMO_KEY = "imk_demoAcme0000000000000000000000004XxUS0";

    @Test
    void the_readmes_roles_migrate_and_run_the_application_with_a_non_superuser_owner() throws Exception {
        assumeTrue(
                serverAnswers() || "true".equals(System.getenv("CI")),
                "No PostgreSQL accepts user postgres without a password at 127.0.0.1:5432; the production-path test"
                        + " needs one (CI always has it)");
        String run = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        Names names =
                new Names("im_owner_" + run, "im_app_" + run, "im_db_" + run, "owner" + run + run, "appx" + run + run);
        try {
            administrator(names.sql(readmeRoleSql()));
            assertThat(isSuperuser(names.owner())).isFalse();
            Path log = Files.createTempFile("production-roles", ".log");
            try (AppProcess app = AppProcess.start(
                    SERVER + names.database(),
                    names.app(),
                    names.appPassword(),
                    names.owner(),
                    names.ownerPassword(),
                    log,
                    "spring.flyway.placeholders.app_role=" + names.app())) {
                assertThat(get(app, "/api/v1/deployments").body())
                        .contains("\"qwen3-coder\"")
                        .doesNotContain("llama-3-1-8b-nim");
                assertThat(get(app, "/api/v1/deployments/llama-3-1-8b-nim/metrics")
                                .statusCode())
                        .as("another tenant's deployment, found through the SECURITY DEFINER lookup")
                        .isEqualTo(403);
                assertThat(get(app, "/api/v1/deployments/no-such-deployment/metrics")
                                .statusCode())
                        .isEqualTo(404);
            }
        } finally {
            dropEverything(names);
        }
    }

    @Test
    void without_the_parameter_grant_start_up_stops_before_migrating_and_names_the_grant_to_run() throws Exception {
        assumeTrue(
                serverAnswers() || "true".equals(System.getenv("CI")),
                "No PostgreSQL accepts user postgres without a password at 127.0.0.1:5432; the production-path test"
                        + " needs one (CI always has it)");
        Names names = Names.forThisRun();
        try {
            administrator(names.sql(readmeRoleSql().stream()
                    .filter(statement -> !statement.startsWith("grant set on parameter"))
                    .toList()));
            Path log = Files.createTempFile("production-roles", ".log");
            assertThatThrownBy(() -> AppProcess.start(
                                    SERVER + names.database(),
                                    names.app(),
                                    names.appPassword(),
                                    names.owner(),
                                    names.ownerPassword(),
                                    log,
                                    "spring.flyway.placeholders.app_role=" + names.app())
                            .close())
                    .hasMessageContaining("the application exited");
            assertThat(Files.readString(log))
                    .contains("run: grant set on parameter app.all_tenants to " + names.owner() + ";")
                    .doesNotContain("Migrating schema \"public\" to version \"1");
        } finally {
            dropEverything(names);
        }
    }

    /** The SQL block under "Database roles for production" in docs/security.md, statement by statement. */
    private static List<String> readmeRoleSql() throws IOException {
        String readme = Files.readString(Path.of("docs/security.md"));
        int section = readme.indexOf("## Database roles for production");
        assertThat(section).as("the section the operators follow").isNotNegative();
        int start = readme.indexOf("```sql", section) + "```sql".length();
        int end = readme.indexOf("```", start);
        return Arrays.stream(readme.substring(start, end).split(";"))
                .map(String::strip)
                .filter(statement -> !statement.isEmpty())
                .toList();
    }

    private record Names(String owner, String app, String database, String ownerPassword, String appPassword) {

        static Names forThisRun() {
            String run = HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
            return new Names(
                    "im_owner_" + run, "im_app_" + run, "im_db_" + run, "owner" + run + run, "app" + run + run);
        }

        /** The documented statements with this run's names and passwords. */
        List<String> sql(List<String> statements) {
            return statements.stream()
                    .map(statement -> statement
                            .replace(
                                    "inference_metrics_owner login password '…'",
                                    owner + " login password '" + ownerPassword + "'")
                            .replace(
                                    "inference_metrics_app login password '…'",
                                    app + " login password '" + appPassword + "'")
                            .replace("inference_metrics_owner", owner)
                            .replace("inference_metrics_app", app)
                            .replace("database inference_metrics ", "database " + database + " "))
                    .toList();
        }
    }

    private static void administrator(List<String> statements) throws SQLException {
        try (Connection connection = DriverManager.getConnection(SERVER + "postgres", "postgres", "");
                Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                assertThat(sql).doesNotContain("inference_metrics");
                statement.execute(sql);
            }
        }
    }

    private static boolean isSuperuser(String role) throws SQLException {
        try (Connection connection = DriverManager.getConnection(SERVER + "postgres", "postgres", "");
                Statement statement = connection.createStatement();
                var rows = statement.executeQuery("select rolsuper from pg_roles where rolname = '" + role + "'")) {
            assertThat(rows.next()).isTrue();
            return rows.getBoolean(1);
        }
    }

    private static void dropEverything(Names names) throws SQLException {
        if (!serverAnswers()) {
            return;
        }
        administrator(List.of(
                "drop database if exists " + names.database() + " with (force)",
                "drop owned by " + names.app() + ", " + names.owner(),
                "drop role if exists " + names.app(),
                "drop role if exists " + names.owner()));
    }

    private static boolean serverAnswers() {
        try (Connection connection = DriverManager.getConnection(SERVER + "postgres", "postgres", "")) {
            return connection.isValid(2);
        } catch (SQLException e) {
            return false;
        }
    }

    private static HttpResponse<String> get(AppProcess app, String path) throws Exception {
        Instant to = Instant.now().truncatedTo(ChronoUnit.MINUTES);
        String query = path.endsWith("/metrics") ? "?from=" + to.minus(1, ChronoUnit.HOURS) + "&to=" + to : "";
        HttpRequest request = HttpRequest.newBuilder(URI.create(app.baseUrl() + path + query))
                .header("Authorization", "Bearer " + ACME_DEMO_KEY)
                .build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }
}
