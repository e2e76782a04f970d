package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/** The soak command against the running server: ingest at a fixed rate while dashboard queries run, then figures. */
@IntegrationTest
class SoakCommandIT {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @Test
    void a_short_soak_stores_every_sample_answers_every_query_and_reports_latency_and_heap() {
        TestTenant tenant = TestTenant.create(context, "soak");
        String deployment = tenant.deployment("soaked");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int exit = LoadGenerator.run(
                new String[] {
                    "--url", "http://localhost:" + port,
                    "--key", tenant.fullKey(),
                    "--deployment", deployment,
                    "--rate", "500/s",
                    "--duration", "4s",
                    "--batch", "100",
                    "--queries", "5/s",
                    "--operator", "operator:demo"
                },
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        String report = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(report).isZero();
        assertThat(report)
                .containsPattern("samples stored  " + String.format("%,d", tenant.storedRequestSamples(deployment)))
                .containsPattern("call latency    p50 [0-9.]+ ms  p99 [0-9.]+ ms")
                .containsPattern("queries         [0-9,]+ sent  p50 [0-9.]+ ms  p99 [0-9.]+ ms .* failed 0")
                .containsPattern("dashboard heap  [0-9]+ MiB used at the end, [0-9]+ MiB at the peak")
                .contains("failed calls    0");
        assertThat(tenant.storedRequestSamples(deployment)).isPositive();
    }
}
