package dev.inferencemetrics.benchmark;

import dev.inferencemetrics.Application;
import java.nio.file.Path;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The application as a benchmark that fills its own data starts it: a random port, an embedded PostgreSQL in
 * {@code data}, no demo world, no alert evaluation and warnings only in the log.
 */
final class QuietApplication {

    private QuietApplication() {}

    static ConfigurableApplicationContext start(Path data) {
        SpringApplication application = new SpringApplication(Application.class);
        application.setBannerMode(Banner.Mode.OFF);
        application.setLogStartupInfo(false);
        return application.run(
                "--server.port=0",
                "--spring.datasource.url=",
                "--inference-metrics.embedded-database.data-directory=" + data,
                "--inference-metrics.demo.enabled=false",
                "--inference-metrics.alerts.evaluator=false",
                "--logging.level.root=warn");
    }
}
