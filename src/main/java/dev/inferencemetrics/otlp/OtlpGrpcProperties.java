package dev.inferencemetrics.otlp;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The OTLP/gRPC trace receiver: the listener exporters reach by default (vLLM's among them), with the key, limits
 * and answers of OTLP/HTTP.
 *
 * @param enabled whether the receiver listens at all
 * @param port the port it listens on, 4317 by default (OTLP's standard gRPC port); 0 takes any free port
 * @param address the address it binds to (an internal interface, say); every interface when absent
 * @param threads the threads that authenticate, decode and store exports; calls past them wait in line
 * @param maxConcurrentCallsPerConnection calls one connection may have open at once; more wait for one to end
 * @param shutdownGracePeriod how long calls in flight may take to finish when the application stops
 */
@ConfigurationProperties("inference-metrics.otlp.grpc")
public record OtlpGrpcProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("4317") int port,
        @Nullable String address,
        @DefaultValue("8") int threads,
        @DefaultValue("16") int maxConcurrentCallsPerConnection,
        @DefaultValue("20s") Duration shutdownGracePeriod) {

    public OtlpGrpcProperties {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("inference-metrics.otlp.grpc.port must be 0 to 65535, not " + port);
        }
        if (threads < 1 || maxConcurrentCallsPerConnection < 1) {
            throw new IllegalArgumentException(
                    "inference-metrics.otlp.grpc.threads and max-concurrent-calls-per-connection must be at least 1");
        }
    }
}
