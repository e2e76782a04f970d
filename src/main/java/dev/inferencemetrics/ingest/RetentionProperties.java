package dev.inferencemetrics.ingest;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How long data is kept.
 *
 * @param rawSamples raw request and KV samples, dropped a whole day-partition at a time; also the oldest timestamp
 *     ingestion accepts
 * @param minuteRollups one-minute rollups
 * @param halfHourRollups thirty-minute rollups, which serve long windows and usage
 */
@ConfigurationProperties("inference-metrics.retention")
public record RetentionProperties(Duration rawSamples, Duration minuteRollups, Duration halfHourRollups) {

    public RetentionProperties {
        rawSamples = rawSamples == null ? Duration.ofDays(14) : rawSamples;
        minuteRollups = minuteRollups == null ? Duration.ofDays(35) : minuteRollups;
        halfHourRollups = halfHourRollups == null ? Duration.ofDays(400) : halfHourRollups;
    }
}
