package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LoadGeneratorTest {

    @Test
    void an_unexpected_exception_while_provisioning_ends_the_command_with_a_line_not_a_stack_trace() {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int exit = LoadGenerator.run(
                new String[] {
                    "--url", "http://127.0.0.1:9",
                    "--key", "imk_x",
                    "--deployment", "not a slug",
                    "--admin-key", "imk_admin",
                    "--tenant", "acme"
                },
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(1);
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .startsWith("the load stopped on an unexpected IllegalArgumentException: ")
                .doesNotContain("\tat ");
    }
}
