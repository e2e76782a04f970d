package dev.inferencemetrics.testing;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.TraceServiceGrpc;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;

/**
 * A plain gRPC client of the application's OTLP trace service, for what the SDK's exporter does not show: the status
 * of a refused call, and messages that are not exports. Calls throw {@link io.grpc.StatusRuntimeException} when
 * refused.
 */
public final class OtlpGrpcClient implements AutoCloseable {

    private static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

    private final ManagedChannel channel;

    public OtlpGrpcClient(int port) {
        this.channel = NettyChannelBuilder.forAddress("localhost", port)
                .usePlaintext()
                .maxInboundMessageSize(1024 * 1024)
                .build();
    }

    public ExportTraceServiceResponse export(@Nullable String key, ExportTraceServiceRequest request) {
        return export(key, request.toByteArray(), null);
    }

    /** Sends {@code message} as it is, compressed with {@code compression} ("gzip") when given. */
    public ExportTraceServiceResponse export(@Nullable String key, byte[] message, @Nullable String compression) {
        MethodDescriptor<byte[], ExportTraceServiceResponse> method = TraceServiceGrpc.getExportMethod().toBuilder(
                        new Bytes(), ProtoUtils.marshaller(ExportTraceServiceResponse.getDefaultInstance()))
                .build();
        Metadata headers = new Metadata();
        if (key != null) {
            headers.put(AUTHORIZATION, "Bearer " + key);
        }
        CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(60, TimeUnit.SECONDS);
        if (compression != null) {
            options = options.withCompression(compression);
        }
        return ClientCalls.blockingUnaryCall(
                io.grpc.ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(headers)),
                method,
                options,
                message);
    }

    @Override
    public void close() throws InterruptedException {
        channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }

    private static final class Bytes implements MethodDescriptor.Marshaller<byte[]> {

        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            try {
                return stream.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
