package dev.inferencemetrics.otlp;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.apikey.ApiScope;
import dev.inferencemetrics.tenancy.TenantScope;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Authenticates an OTLP/gRPC call as the HTTP API does: {@code authorization: Bearer <key>} in the metadata, a
 * tenant's key with the scope {@code ingest}. The call goes on with the key in its context; a refused call is closed
 * before its message is read.
 */
final class GrpcKeyAuthentication implements ServerInterceptor {

    static final Context.Key<ApiClient> CLIENT = Context.key("inference-metrics.api-client");

    private static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    private static final String BEARER = "Bearer ";

    private final ApiKeyService keys;

    GrpcKeyAuthentication(ApiKeyService keys) {
        this.keys = keys;
    }

    @Override
    public <Q, A> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, A> call, Metadata headers, ServerCallHandler<Q, A> next) {
        ApiClient client;
        try {
            client = ingestClient(headers.get(AUTHORIZATION));
        } catch (StatusRuntimeException refused) {
            call.close(refused.getStatus(), trailers(refused));
            return new ServerCall.Listener<>() {};
        }
        return Contexts.interceptCall(Context.current().withValue(CLIENT, client), call, headers, next);
    }

    private ApiClient ingestClient(@Nullable String authorization) {
        Optional<ApiClient> client;
        try {
            client = authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())
                    ? keys.authenticate(authorization.substring(BEARER.length()).trim())
                    : Optional.empty();
        } catch (DataAccessResourceFailureException
                | TransientDataAccessException
                | CannotCreateTransactionException e) {
            // the key could not be checked, so the call was not handled: the client should resend, not give up
            throw GrpcRefusals.databaseUnavailable(e);
        }
        if (client.isEmpty()) {
            throw Status.UNAUTHENTICATED
                    .withDescription("The API key is missing, malformed, revoked or expired;"
                            + " send it as metadata authorization: Bearer <key>.")
                    .asRuntimeException();
        }
        if (!client.get().scopes().contains(ApiScope.INGEST)) {
            throw Status.PERMISSION_DENIED
                    .withDescription("This key lacks the scope ingest.")
                    .asRuntimeException();
        }
        if (!(client.get().scope() instanceof TenantScope.SingleTenant)) {
            throw Status.PERMISSION_DENIED
                    .withDescription("Traces are sent with a tenant's API key.")
                    .asRuntimeException();
        }
        return client.get();
    }

    private static Metadata trailers(StatusRuntimeException refused) {
        Metadata trailers = refused.getTrailers();
        return trailers == null ? new Metadata() : trailers;
    }
}
