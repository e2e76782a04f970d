package dev.inferencemetrics.testing;

import java.util.Map;

/**
 * Where integration tests find their PostgreSQL, in order of preference: a Testcontainers container where Docker
 * runs, else the server named by {@code TEST_DATABASE_URL}, else an embedded PostgreSQL started for the test run.
 */
public sealed interface TestDatabaseSource {

    String URL_VARIABLE = "TEST_DATABASE_URL";
    String USERNAME_VARIABLE = "TEST_DATABASE_USERNAME";
    String PASSWORD_VARIABLE = "TEST_DATABASE_PASSWORD";

    record DockerContainer() implements TestDatabaseSource {}

    record GivenUrl(String url, String username, String password) implements TestDatabaseSource {}

    record Embedded() implements TestDatabaseSource {}

    static TestDatabaseSource choose(boolean dockerAvailable, Map<String, String> environment) {
        if (dockerAvailable) {
            return new DockerContainer();
        }
        String url = environment.getOrDefault(URL_VARIABLE, "");
        if (!url.isBlank()) {
            return new GivenUrl(
                    url,
                    environment.getOrDefault(USERNAME_VARIABLE, "postgres"),
                    environment.getOrDefault(PASSWORD_VARIABLE, ""));
        }
        return new Embedded();
    }
}
