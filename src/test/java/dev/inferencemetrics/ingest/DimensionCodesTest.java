package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.inferencemetrics.rollup.Dimension;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Codes are remembered only once the transaction that read or gave them has committed, and in bounded memory. */
class DimensionCodesTest {

    private static final long TENANT = 1;
    private static final long DEPLOYMENT = 7;

    private final DimensionCodeStore store = mock(DimensionCodeStore.class);

    @BeforeEach
    void aTransaction() {
        TransactionOutcome.begin();
        when(store.codes(anyLong(), anyLong(), any(), any())).thenAnswer(call -> {
            Collection<String> values = call.getArgument(3);
            Map<String, Short> codes = new HashMap<>();
            values.forEach(v -> codes.put(v, (short) (v.hashCode() & 0x7fff)));
            return codes;
        });
    }

    @AfterEach
    void noTransaction() {
        TransactionOutcome.end();
    }

    @Test
    void codes_read_in_a_transaction_are_used_by_later_batches_only_once_it_commits() {
        DimensionCodes codes = new DimensionCodes(store);

        Map<Dimension, Map<String, Short>> first = codes.of(TENANT, DEPLOYMENT, batch("acme", "beta", "acme"));
        codes.of(TENANT, DEPLOYMENT, batch("acme"));
        TransactionOutcome.complete(true);
        Map<Dimension, Map<String, Short>> third = codes.of(TENANT, DEPLOYMENT, batch("beta", "acme"));

        verify(store, times(2)).codes(eq(TENANT), eq(DEPLOYMENT), eq(Dimension.CONSUMER), any());
        assertThat(first.get(Dimension.CONSUMER)).containsOnlyKeys("acme", "beta");
        assertThat(third.get(Dimension.CONSUMER)).isEqualTo(first.get(Dimension.CONSUMER));
        assertThat(codes.rememberedCount()).isEqualTo(2);
    }

    @Test
    void codes_of_a_transaction_rolled_back_are_never_remembered() {
        DimensionCodes codes = new DimensionCodes(store);

        codes.of(TENANT, DEPLOYMENT, batch("acme"));
        TransactionOutcome.complete(false);
        codes.of(TENANT, DEPLOYMENT, batch("acme"));

        verify(store, times(2)).codes(eq(TENANT), eq(DEPLOYMENT), eq(Dimension.CONSUMER), any());
        assertThat(codes.rememberedCount()).isZero();
    }

    @Test
    void once_a_deployment_has_given_its_last_code_a_new_value_is_not_looked_up() {
        doReturn(Map.of("acme", (short) 1)).when(store).codes(anyLong(), anyLong(), eq(Dimension.CONSUMER), any());
        DimensionCodes codes = new DimensionCodes(store);

        codes.of(TENANT, DEPLOYMENT, batch("acme", "beta"));
        TransactionOutcome.complete(true);
        Map<Dimension, Map<String, Short>> later = codes.of(TENANT, DEPLOYMENT, batch("acme", "gamma"));

        verify(store, times(1)).codes(anyLong(), anyLong(), eq(Dimension.CONSUMER), any());
        assertThat(later.get(Dimension.CONSUMER)).containsExactly(Map.entry("acme", (short) 1));
    }

    @Test
    void memory_starts_over_past_its_bound() {
        DimensionCodes codes = new DimensionCodes(store, 3);

        codes.of(TENANT, DEPLOYMENT, batch("a", "b"));
        TransactionOutcome.complete(true);
        codes.of(TENANT, DEPLOYMENT, batch("c", "d"));
        TransactionOutcome.complete(true);

        assertThat(codes.rememberedCount()).isEqualTo(2);
    }

    @Test
    void a_batch_naming_no_value_reads_nothing() {
        DimensionCodes codes = new DimensionCodes(store);

        codes.of(TENANT, DEPLOYMENT, List.of(sample(null)));

        verify(store, never()).codes(anyLong(), anyLong(), any(), any());
    }

    private static List<RequestSample> batch(String... consumers) {
        return java.util.Arrays.stream(consumers)
                .map(DimensionCodesTest::sample)
                .toList();
    }

    private static RequestSample sample(@Nullable String consumer) {
        return new RequestSample(
                "r", Instant.EPOCH, SampleStatus.OK, 10.0, 20.0, 1.0, null, 1, 2, null, null, consumer, null, null);
    }
}
