package dev.inferencemetrics.otlp;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * How much OTLP may be decoded at once. A call is bounded by the ingest limits (body size, spans as samples); these
 * bound the calls together, so one tenant's exports cannot take the memory every tenant's calls need.
 *
 * @param decodingPerTenant bytes of one tenant's export bodies being read, decoded and stored at once; past it a call
 *     is answered 429 with {@code Retry-After}
 * @param decodingTotal the same over every tenant; past it a call is answered 503 with {@code Retry-After}
 */
@ConfigurationProperties("inference-metrics.otlp")
public record OtlpLimits(DataSize decodingPerTenant, DataSize decodingTotal) {

    public OtlpLimits {
        decodingPerTenant = decodingPerTenant == null ? DataSize.ofMegabytes(16) : decodingPerTenant;
        decodingTotal = decodingTotal == null ? DataSize.ofMegabytes(64) : decodingTotal;
    }
}
