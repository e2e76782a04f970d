package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.Application;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application as a benchmark that brings its own data starts it: a random port, an embedded PostgreSQL in
 * {@code data}, warnings only in the log, and the benchmark's own settings.
 */
final class QuietApplication {

    /** For benchmarks that fill their own deployments: no demo world, no alert evaluation. */
    static final String[] WITHOUT_DEMO = {
        "--inference-metrics.demo.enabled=false", "--inference-metrics.alerts.evaluator=false"
    };

    /**
     * For benchmarks whose reads may be slow on a loaded machine (ten thousand deployments): the application's 30 s
     * limits on a transaction and a statement would turn a slow read into a failure, and the benchmark is there to time
     * it.
     */
    static final String[] PATIENT = {
        "--spring.transaction.default-timeout=600s",
        "--spring.datasource.hikari.data-source-properties.options="
                + "-c statement_timeout=600000 -c idle_in_transaction_session_timeout=600000"
    };

    private QuietApplication() {}

    static ConfigurableApplicationContext start(Path data, String[] settings, String[] more) {
        return start(
                data,
                Stream.concat(Arrays.stream(settings), Arrays.stream(more)).toArray(String[]::new));
    }

    static ConfigurableApplicationContext start(Path data, String... settings) {
        SpringApplication application = new SpringApplication(Application.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.setLogStartupInfo(false);
        List<String> arguments = new ArrayList<>(List.of(
                "--server.port=0",
                // any free port for OTLP/gRPC too, so that benchmarks and tests side by side do not collide
                "--inference-metrics.otlp.grpc.port=0",
                "--spring.datasource.url=",
                "--inference-metrics.embedded-database.data-directory=" + data,
                "--logging.level.root=warn"));
        arguments.addAll(List.of(settings));
        return application.run(arguments.toArray(String[]::new));
    }
}
