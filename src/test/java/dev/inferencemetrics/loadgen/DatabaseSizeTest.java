package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DatabaseSizeTest {

    private static final String URL_WITH_PASSWORD = "jdbc:postgres://127.0.0.1:5432/metrics?user=app&password=s3cr%21t";

    @Test
    void a_database_that_cannot_be_read_is_named_without_its_password_even_where_the_driver_quotes_the_url() {
        assertThatThrownBy(() -> DatabaseSize.read(URL_WITH_PASSWORD))
                .isInstanceOf(IllegalStateException.class)
                .hasNoCause()
                .hasMessageStartingWith("cannot read the database's size through "
                        + "jdbc:postgres://127.0.0.1:5432/metrics?user=app&password=…: ")
                .message()
                .doesNotContain("s3cr");
    }

    @Test
    void the_password_is_taken_out_wherever_and_however_it_is_quoted() {
        assertThat(DatabaseSize.redacted(
                        "FATAL: password authentication failed (s3cr!t) for " + URL_WITH_PASSWORD, URL_WITH_PASSWORD))
                .isEqualTo("FATAL: password authentication failed (…) for "
                        + "jdbc:postgres://127.0.0.1:5432/metrics?user=app&password=…");
        assertThat(DatabaseSize.redacted("jdbc:postgresql://app:pw@db/metrics", "jdbc:postgresql://app:pw@db/metrics"))
                .isEqualTo("jdbc:postgresql://app:…@db/metrics");
    }

    @Test
    void the_command_prints_no_password_when_the_database_cannot_be_read() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int exit = LoadGenerator.run(
                new String[] {"--url", "http://127.0.0.1:9", "--key", "imk_x", "--database", URL_WITH_PASSWORD},
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(1);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .startsWith("cannot read the database's size through")
                .doesNotContain("s3cr");
    }
}
