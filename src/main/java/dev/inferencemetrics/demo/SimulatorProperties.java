package dev.inferencemetrics.demo;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The demo traffic simulator.
 *
 * @param enabled on or off; unset follows demo mode
 * @param backfill how much history to generate at first start
 * @param interval how often live traffic is sent
 */
@ConfigurationProperties("inference-metrics.demo.simulator")
public record SimulatorProperties(@Nullable Boolean enabled, Duration backfill, Duration interval) {

    public SimulatorProperties {
        backfill = backfill == null ? Duration.ofDays(7) : backfill;
        interval = interval == null ? Duration.ofSeconds(10) : interval;
    }
}
