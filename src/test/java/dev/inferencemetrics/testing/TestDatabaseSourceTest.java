package dev.inferencemetrics.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TestDatabaseSourceTest {

    private static final Map<String, String> URL_GIVEN = Map.of(
            "TEST_DATABASE_URL", "jdbc:postgresql://db.internal:5432/metrics",
            "TEST_DATABASE_USERNAME", "metrics",
            "TEST_DATABASE_PASSWORD", "s3cret");

    @Test
    void docker_wins_when_it_runs_even_if_a_url_is_given() {
        assertThat(TestDatabaseSource.choose(true, URL_GIVEN)).isInstanceOf(TestDatabaseSource.DockerContainer.class);
    }

    @Test
    void without_docker_the_url_from_the_environment_is_used_with_its_credentials() {
        assertThat(TestDatabaseSource.choose(false, URL_GIVEN))
                .isEqualTo(new TestDatabaseSource.GivenUrl(
                        "jdbc:postgresql://db.internal:5432/metrics", "metrics", "s3cret"));
    }

    @Test
    void a_url_without_credentials_defaults_to_the_postgres_user() {
        assertThat(TestDatabaseSource.choose(false, Map.of("TEST_DATABASE_URL", "jdbc:postgresql://localhost/test")))
                .isEqualTo(new TestDatabaseSource.GivenUrl("jdbc:postgresql://localhost/test", "postgres", ""));
    }

    @Test
    void without_docker_or_url_an_embedded_postgres_is_started() {
        assertThat(TestDatabaseSource.choose(false, Map.of())).isInstanceOf(TestDatabaseSource.Embedded.class);
        assertThat(TestDatabaseSource.choose(false, Map.of("TEST_DATABASE_URL", " ")))
                .isInstanceOf(TestDatabaseSource.Embedded.class);
    }
}
