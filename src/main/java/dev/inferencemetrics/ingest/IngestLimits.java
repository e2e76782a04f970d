package dev.inferencemetrics.ingest;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Bounds on what one ingest call may carry.
 *
 * @param maxBodySize largest body accepted, before and after gzip decompression
 * @param maxSamples most samples in one batch
 * @param maxFutureSkew how far ahead of the server's clock a sample may be stamped
 * @param maxRequestIdLength longest request id or replica name
 * @param maxItlGaps most token gaps one request may list
 */
@ConfigurationProperties("inference-metrics.ingest")
public record IngestLimits(
        DataSize maxBodySize, int maxSamples, Duration maxFutureSkew, int maxRequestIdLength, int maxItlGaps) {

    public IngestLimits {
        maxBodySize = maxBodySize == null ? DataSize.ofMegabytes(5) : maxBodySize;
        maxSamples = maxSamples <= 0 ? 10_000 : maxSamples;
        maxFutureSkew = maxFutureSkew == null ? Duration.ofMinutes(10) : maxFutureSkew;
        maxRequestIdLength = maxRequestIdLength <= 0 ? 128 : maxRequestIdLength;
        maxItlGaps = maxItlGaps <= 0 ? 100_000 : maxItlGaps;
    }
}
