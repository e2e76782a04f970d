package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.DeploymentService;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.tenancy.TenantTransactions;
import dev.inferencemetrics.testing.IntegrationTest;
import dev.inferencemetrics.testing.OwnerJdbc;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

@IntegrationTest
class RequestSampleStoreIT {

    @Autowired
    RequestSampleStore store;

    @Autowired
    OwnerJdbc owner;

    @Autowired
    TenantTransactions tenantTransactions;

    @Autowired
    DeploymentService deployments;

    @Autowired
    Clock clock;

    private DeploymentRef sandbox;
    private String prefix;
    private Instant now;

    @BeforeEach
    void setUp() {
        sandbox = deployments.require(TenantScope.allTenants(), "sandbox");
        prefix = "store-it-" + UUID.randomUUID() + "-";
        now = clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    @Test
    void a_new_batch_is_stored_whole_and_returned_whole() {
        List<RequestSample> batch = List.of(sample("a", 1), sample("b", 2), sample("c", 3));

        assertThat(insert(batch)).containsExactlyElementsOf(batch);
        assertThat(storedIds()).containsExactly("a", "b", "c");
    }

    @Test
    void a_resent_batch_stores_nothing_and_returns_nothing() {
        List<RequestSample> batch = List.of(sample("a", 1), sample("b", 2));
        insert(batch);

        assertThat(insert(batch)).isEmpty();
        assertThat(storedIds()).containsExactly("a", "b");
    }

    @Test
    void a_batch_overlapping_stored_samples_returns_only_the_new_ones() {
        insert(List.of(sample("a", 1), sample("b", 2)));

        List<RequestSample> inserted = insert(List.of(sample("b", 2), sample("c", 3), sample("a", 1), sample("d", 4)));

        assertThat(inserted)
                .extracting(s -> s.requestId().substring(prefix.length()))
                .containsExactly("c", "d");
        assertThat(storedIds()).containsExactly("a", "b", "c", "d");
    }

    @Test
    void a_sample_repeated_within_a_batch_is_stored_and_returned_once() {
        List<RequestSample> inserted = insert(List.of(sample("a", 1), sample("b", 2), sample("a", 1)));

        assertThat(inserted)
                .extracting(s -> s.requestId().substring(prefix.length()))
                .containsExactly("a", "b");
        assertThat(storedIds()).containsExactly("a", "b");
    }

    @Test
    void the_same_request_id_at_another_time_is_another_sample() {
        insert(List.of(sample("a", 1)));

        assertThat(insert(List.of(sample("a", 5)))).hasSize(1);
        assertThat(storedIds()).containsExactly("a", "a");
    }

    private List<RequestSample> insert(List<RequestSample> batch) {
        return tenantTransactions.call(
                TenantScope.tenant(sandbox.tenantId()),
                () -> store.insertNew(sandbox.tenantId(), sandbox.id(), batch, now, null, Map.of()));
    }

    private List<String> storedIds() {
        return owner.jdbc()
                .queryForList(
                        "select substr(request_id, ?) from request_sample where deployment_id = ? and request_id like ?"
                                + " order by request_id, ts",
                        String.class,
                        prefix.length() + 1,
                        sandbox.id(),
                        prefix + "%");
    }

    private RequestSample sample(String id, int secondsAgo) {
        return new RequestSample(
                prefix + id, now.minusSeconds(secondsAgo), SampleStatus.OK, 80.0, 900.0, 20.0, null, 500, 42, null);
    }
}
