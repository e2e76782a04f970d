package dev.inferencemetrics.otlp;

import dev.inferencemetrics.apikey.ApiAdmission;
import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.ingest.IngestService;
import dev.inferencemetrics.tenancy.TenantScope;
import io.grpc.MethodDescriptor;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;
import io.opentelemetry.proto.collector.trace.v1.TraceServiceGrpc;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * OTLP's {@code TraceService/Export} over gRPC, answered as OTLP/HTTP answers: the same tenant routing, limits,
 * budget and partial success. The message arrives as bytes (gRPC has bounded them by the body limit, after
 * decompression too); its spans are counted before any of them is built, within the tenant's decoding budget and
 * writes in flight.
 */
@Component
class GrpcTraceExport {

    private final OtlpIngestService otlp;
    private final DecodingBudget budget;
    private final IngestService ingest;
    private final ExportReplies replies;
    private final ApiAdmission admission;
    private final ApiKeyService keys;

    GrpcTraceExport(
            OtlpIngestService otlp,
            DecodingBudget budget,
            IngestService ingest,
            ExportReplies replies,
            ApiAdmission admission,
            ApiKeyService keys) {
        this.otlp = otlp;
        this.budget = budget;
        this.ingest = ingest;
        this.replies = replies;
        this.admission = admission;
        this.keys = keys;
    }

    /** The trace service, behind the key check. */
    ServerServiceDefinition service() {
        MethodDescriptor<ExportMessage, ExportTraceServiceResponse> method =
                TraceServiceGrpc.getExportMethod().toBuilder(
                                new ExportBytes(),
                                ProtoUtils.marshaller(ExportTraceServiceResponse.getDefaultInstance()))
                        .build();
        ServerServiceDefinition service = ServerServiceDefinition.builder(TraceServiceGrpc.SERVICE_NAME)
                .addMethod(method, ServerCalls.asyncUnaryCall(this::export))
                .build();
        return ServerInterceptors.intercept(service, new GrpcKeyAuthentication(keys));
    }

    /** The largest message a call may carry, decompressed: the HTTP body limit. */
    int maxMessageBytes() {
        return (int) Math.min(Integer.MAX_VALUE, ingest.limits().maxBodySize().toBytes());
    }

    private void export(ExportMessage message, StreamObserver<ExportTraceServiceResponse> answer) {
        if (message.unread() != null) {
            answer.onError(message.unread());
            return;
        }
        ApiClient client = GrpcKeyAuthentication.CLIENT.get();
        Optional<ApiAdmission.Refusal> refusal = admission.admitKeyWrite(client);
        if (refusal.isPresent()) {
            answer.onError(GrpcRefusals.retryLater(
                    Status.Code.RESOURCE_EXHAUSTED,
                    refusal.get().retryAfter(),
                    refusal.get().reason()));
            return;
        }
        try {
            answer.onNext(exported((TenantScope.SingleTenant) client.scope(), message.bytes()));
            answer.onCompleted();
        } catch (RuntimeException e) {
            answer.onError(GrpcRefusals.of(e));
        } finally {
            admission.keyWriteDone(client);
        }
    }

    private ExportTraceServiceResponse exported(TenantScope.SingleTenant tenant, byte[] message) {
        SpanOutcomes outcomes;
        try (DecodingBudget.Share share = budget.reserve(tenant.tenantId(), message.length)) {
            outcomes = otlp.export(tenant, decoded(message));
        }
        return replies.committed(outcomes);
    }

    private ExportTraceServiceRequest decoded(byte[] message) {
        try {
            SpanCount.ofProtobuf(message, ingest.limits().maxSamples());
            return ExportTraceServiceRequest.parseFrom(message);
        } catch (IOException e) {
            throw Status.INVALID_ARGUMENT
                    .withDescription("The message is not an OTLP protobuf trace export.")
                    .asRuntimeException();
        }
    }

    /**
     * A message as it came, or why it could not be read. gRPC bounds a compressed message's size only as it is read
     * here, and answers a failure to read as UNKNOWN; so the refusal is kept and given as its own status.
     */
    private record ExportMessage(byte[] bytes, @Nullable StatusRuntimeException unread) {}

    /** Keeps the message as it came, so that nothing of it is built before its spans are counted. */
    private static final class ExportBytes implements MethodDescriptor.Marshaller<ExportMessage> {

        @Override
        public InputStream stream(ExportMessage value) {
            return new ByteArrayInputStream(value.bytes());
        }

        @Override
        public ExportMessage parse(InputStream stream) {
            try {
                return new ExportMessage(stream.readAllBytes(), null);
            } catch (StatusRuntimeException tooLarge) {
                return new ExportMessage(new byte[0], tooLarge);
            } catch (IOException e) {
                return new ExportMessage(
                        new byte[0],
                        Status.INVALID_ARGUMENT
                                .withDescription("The message could not be read: " + e.getMessage())
                                .asRuntimeException());
            }
        }
    }
}
