package dev.inferencemetrics.otlp;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * The OTLP/gRPC listener (port 4317 unless configured), started with the application and stopped with it: on stop it
 * takes no new calls and gives those in flight the grace period to finish before it cuts them off. Its calls run on a
 * fixed pool of threads, and each connection may hold a bounded number of calls at once.
 */
@Component
@EnableConfigurationProperties(OtlpGrpcProperties.class)
public class OtlpGrpcServer implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(OtlpGrpcServer.class);

    private final OtlpGrpcProperties properties;
    private final GrpcTraceExport export;
    private @Nullable Server server;
    private @Nullable ExecutorService calls;

    OtlpGrpcServer(OtlpGrpcProperties properties, GrpcTraceExport export) {
        this.properties = properties;
        this.export = export;
    }

    @Override
    public synchronized void start() {
        if (!properties.enabled()) {
            log.info("OTLP/gRPC trace receiver is off (inference-metrics.otlp.grpc.enabled=false)");
            return;
        }
        ExecutorService pool = Executors.newFixedThreadPool(
                properties.threads(), Thread.ofPlatform().name("otlp-grpc-", 0).factory());
        try {
            server = NettyServerBuilder.forAddress(address())
                    .executor(pool)
                    .maxInboundMessageSize(export.maxMessageBytes())
                    .maxConcurrentCallsPerConnection(properties.maxConcurrentCallsPerConnection())
                    .addService(export.service())
                    .build()
                    .start();
        } catch (IOException e) {
            pool.shutdown();
            throw new UncheckedIOException("OTLP/gRPC could not listen on " + address(), e);
        }
        calls = pool;
        log.info("OTLP/gRPC trace receiver listening on port {}", server.getPort());
    }

    /**
     * Drains on a thread of its own, so that the web server's graceful shutdown in the same phase starts at once
     * rather than after this one: both refuse new calls from the signal on and drain side by side.
     */
    @Override
    public void stop(Runnable callback) {
        Thread.ofPlatform().name("otlp-grpc-shutdown").start(() -> {
            try {
                stop();
            } finally {
                callback.run();
            }
        });
    }

    @Override
    public synchronized void stop() {
        Server running = server;
        ExecutorService pool = calls;
        if (running == null || pool == null) {
            return;
        }
        running.shutdown();
        try {
            if (!running.awaitTermination(properties.shutdownGracePeriod().toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("OTLP/gRPC calls still running after {}; cutting them off", properties.shutdownGracePeriod());
                running.shutdownNow();
            }
        } catch (InterruptedException e) {
            running.shutdownNow();
            Thread.currentThread().interrupt();
        } finally {
            pool.shutdown();
            server = null;
            calls = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return server != null;
    }

    /** Stops with the web server's graceful shutdown, before the database closes. */
    @Override
    public int getPhase() {
        return SmartLifecycle.DEFAULT_PHASE - 1024;
    }

    /** The port it listens on (the one taken when configured as 0). */
    public synchronized int port() {
        if (server == null) {
            throw new IllegalStateException("the OTLP/gRPC receiver is not listening");
        }
        return server.getPort();
    }

    private InetSocketAddress address() {
        String address = properties.address();
        return address == null || address.isBlank()
                ? new InetSocketAddress(properties.port())
                : new InetSocketAddress(address, properties.port());
    }
}
