package dev.inferencemetrics.loadgen;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.TestTenant;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.jdbc.autoconfigure.JdbcConnectionDetails;
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
                .containsPattern("metrics queries [0-9,]+ sent  p50 [0-9.]+ ms  p99 [0-9.]+ ms .* failed 0")
                .containsPattern(
                        "dashboard heap  [0-9]+ MiB used at the start, [0-9]+ MiB at the end, [0-9]+ MiB at the peak")
                .contains("failed calls    0");
        assertThat(tenant.storedRequestSamples(deployment)).isPositive();
    }

    @Test
    void a_fleet_soak_provisions_its_deployments_spreads_the_samples_over_them_and_reports_reads_and_growth() {
        TestTenant tenant = TestTenant.create(context, "fleet-soak");
        String prefix = tenant.slug() + "-fleet";
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        int exit = LoadGenerator.run(
                new String[] {
                    "--url",
                    "http://localhost:" + port,
                    "--key",
                    tenant.fullKey(),
                    "--deployments",
                    "3",
                    "--deployment-prefix",
                    prefix,
                    "--admin-key",
                    context.getEnvironment().getRequiredProperty("inference-metrics.demo.operator-key"),
                    "--tenant",
                    tenant.slug(),
                    "--rate",
                    "300/s",
                    "--duration",
                    "4s",
                    "--batch",
                    "50",
                    "--queries",
                    "2/s",
                    "--fleet-queries",
                    "2/s",
                    "--database",
                    applicationDatabaseUrl()
                },
                new PrintStream(printed, true, StandardCharsets.UTF_8));

        String report = printed.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(report).isZero();
        List<Long> stored = Stream.of("-0001", "-0002", "-0003")
                .map(number -> tenant.storedRequestSamples(prefix + number))
                .toList();
        assertThat(stored).as(report).allSatisfy(samples -> assertThat(samples).isPositive());
        // in turn, a batch each: no deployment is more than one batch ahead of another
        assertThat(Collections.max(stored) - Collections.min(stored)).isLessThanOrEqualTo(50);
        assertThat(report)
                .contains("Provisioned 3 deployments in tenant " + tenant.slug() + " (3 created")
                .contains("deployments     3 deployments " + prefix + "-0001 … " + prefix + "-0003")
                .containsPattern("samples stored  "
                        + String.format(
                                "%,d",
                                stored.stream().mapToLong(Long::longValue).sum()))
                .containsPattern("metrics queries [0-9,]+ sent  p50 [0-9.]+ ms  p99 [0-9.]+ ms .* failed 0")
                .containsPattern("fleet queries   [0-9,]+ sent  p50 [0-9.]+ ms  p99 [0-9.]+ ms .* failed 0")
                .containsPattern(
                        "database growth \\+[0-9.]+ MiB \\(raw request samples \\+[0-9.]+ MiB, request rollups")
                .contains("failed calls    0");
    }

    /** As an operator would give it: the application's own unprivileged role, password in the URL. */
    private String applicationDatabaseUrl() {
        JdbcConnectionDetails database = context.getBean(JdbcConnectionDetails.class);
        return database.getJdbcUrl() + (database.getJdbcUrl().contains("?") ? "&" : "?") + "user="
                + URLEncoder.encode(database.getUsername(), StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(database.getPassword(), StandardCharsets.UTF_8);
    }
}
