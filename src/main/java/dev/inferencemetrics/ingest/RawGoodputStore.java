package dev.inferencemetrics.ingest;

import dev.inferencemetrics.deployment.DeploymentRef;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** Reads a deployment's raw request samples back, to count them again against a changed goodput SLO. */
@Repository
class RawGoodputStore {

    private static final String KEY =
            " from request_sample s where s.tenant_id = :tenant and s.deployment_id = :deployment";

    private final JdbcClient jdbc;

    RawGoodputStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The time of the deployment's oldest raw sample still kept. */
    Optional<Instant> oldest(DeploymentRef deployment) {
        return key(jdbc.sql("select min(ts) as oldest" + KEY), deployment)
                .query((rs, n) -> Optional.ofNullable(rs.getTimestamp("oldest")).map(Timestamp::toInstant))
                .single();
    }

    /** Hands each sample with {@code from ≤ ts < to} to {@code each}, one row at a time (nothing is gathered). */
    void forEach(DeploymentRef deployment, Instant from, Instant to, Consumer<RequestSample> each) {
        key(jdbc.sql("select " + StoredRequestSamples.COLUMNS + KEY + " and s.ts >= :from and s.ts < :to"), deployment)
                .param("from", Timestamp.from(from))
                .param("to", Timestamp.from(to))
                .query((RowCallbackHandler) rs -> each.accept(StoredRequestSamples.read(rs)));
    }

    private static JdbcClient.StatementSpec key(JdbcClient.StatementSpec statement, DeploymentRef deployment) {
        return statement.param("tenant", deployment.tenantId()).param("deployment", deployment.id());
    }
}
