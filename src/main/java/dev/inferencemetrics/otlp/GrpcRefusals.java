package dev.inferencemetrics.otlp;

import com.google.protobuf.Any;
import com.google.rpc.RetryInfo;
import dev.inferencemetrics.api.ApiProblem;
import dev.inferencemetrics.api.DatabaseUnavailable;
import dev.inferencemetrics.base.ErrorId;
import dev.inferencemetrics.base.UnusableValueException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.time.Duration;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.http.HttpHeaders;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * The OTLP/HTTP answers as gRPC statuses, as the OTLP specification maps them: a refusal that a resend will get past
 * (a rate, a budget, a busy database) carries {@code RetryInfo}, which is what tells an exporter to retry a
 * RESOURCE_EXHAUSTED; a message the server will never take (too large, too many spans, not an export) does not.
 */
final class GrpcRefusals {

    private static final Logger log = LoggerFactory.getLogger(GrpcRefusals.class);

    private GrpcRefusals() {}

    static StatusRuntimeException of(RuntimeException failure) {
        return switch (failure) {
            case StatusRuntimeException status -> status;
            case ApiProblem problem -> of(problem);
            case UnusableValueException unusable ->
                Status.INVALID_ARGUMENT.withDescription(unusable.getMessage()).asRuntimeException();
            case DataIntegrityViolationException refused ->
                Status.INVALID_ARGUMENT
                        .withDescription("A value in the export is not allowed.")
                        .asRuntimeException();
            case CannotCreateTransactionException e -> databaseUnavailable(e);
            case DataAccessResourceFailureException e -> databaseUnavailable(e);
            case TransientDataAccessException e -> databaseUnavailable(e);
            default -> {
                String id = ErrorId.logged(log, "OTLP/gRPC export failed", failure);
                yield Status.INTERNAL.withDescription(ErrorId.sentence(id)).asRuntimeException();
            }
        };
    }

    static StatusRuntimeException databaseUnavailable(RuntimeException failure) {
        log.warn("Database unavailable or busy for an OTLP/gRPC export: {}", failure.getMessage());
        return retryLater(
                Status.Code.UNAVAILABLE,
                Duration.ofSeconds(Long.parseLong(DatabaseUnavailable.RETRY_AFTER_SECONDS)),
                DatabaseUnavailable.DETAIL);
    }

    /** A refusal the client should resend after {@code wait}, with the wait in the status details. */
    static StatusRuntimeException retryLater(Status.Code code, Duration wait, String reason) {
        RetryInfo retry = RetryInfo.newBuilder()
                .setRetryDelay(com.google.protobuf.Duration.newBuilder()
                        .setSeconds(wait.toSeconds())
                        .setNanos(wait.toNanosPart()))
                .build();
        return StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
                .setCode(code.value())
                .setMessage(reason)
                .addDetails(Any.pack(retry))
                .build());
    }

    private static StatusRuntimeException of(ApiProblem problem) {
        String reason = problem.getMessage();
        return switch (problem.status()) {
            case BAD_REQUEST, UNSUPPORTED_MEDIA_TYPE ->
                Status.INVALID_ARGUMENT.withDescription(reason).asRuntimeException();
            case UNAUTHORIZED -> Status.UNAUTHENTICATED.withDescription(reason).asRuntimeException();
            case FORBIDDEN -> Status.PERMISSION_DENIED.withDescription(reason).asRuntimeException();
            // gRPC refuses an oversized message with this code itself; without RetryInfo no exporter resends it
            case CONTENT_TOO_LARGE ->
                Status.RESOURCE_EXHAUSTED.withDescription(reason).asRuntimeException();
            case TOO_MANY_REQUESTS -> retryLater(Status.Code.RESOURCE_EXHAUSTED, retryAfter(problem), reason);
            case SERVICE_UNAVAILABLE -> retryLater(Status.Code.UNAVAILABLE, retryAfter(problem), reason);
            default -> {
                String id = ErrorId.logged(log, "OTLP/gRPC export refused unexpectedly", problem);
                yield Status.INTERNAL.withDescription(ErrorId.sentence(id)).asRuntimeException();
            }
        };
    }

    private static Duration retryAfter(ApiProblem problem) {
        String seconds = Objects.requireNonNullElse(problem.getHeaders().getFirst(HttpHeaders.RETRY_AFTER), "1");
        return Duration.ofSeconds(Long.parseLong(seconds));
    }
}
