package dev.inferencemetrics.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionValueStore;
import java.time.LocalDate;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Admissions are remembered only once the transaction that read or made them has committed, and in bounded memory. */
class AdmittedValuesTest {

    private static final long TENANT = 1;
    private static final long DEPLOYMENT = 7;
    private static final LocalDate DAY = LocalDate.parse("2026-11-29");

    private final DimensionValueStore store = mock(DimensionValueStore.class);

    /** The store admits every value but {@code refused}. */
    @BeforeEach
    void aTransaction() {
        TransactionOutcome.begin();
        when(store.admit(anyLong(), anyLong(), any())).thenAnswer(call -> {
            Set<DimensionValueStore.DayValue> admitted =
                    new HashSet<>(call.<Collection<DimensionValueStore.DayValue>>getArgument(2));
            admitted.removeIf(v -> v.value().equals("refused"));
            return admitted;
        });
    }

    @AfterEach
    void noTransaction() {
        TransactionOutcome.end();
    }

    @Test
    void values_admitted_are_not_asked_again_once_the_transaction_has_committed() {
        AdmittedValues values = new AdmittedValues(store);

        Set<DimensionValueStore.DayValue> first =
                values.admit(TENANT, DEPLOYMENT, consumers("acme", "beta", "refused"));
        values.admit(TENANT, DEPLOYMENT, consumers("acme"));
        TransactionOutcome.complete(true);
        Set<DimensionValueStore.DayValue> third =
                values.admit(TENANT, DEPLOYMENT, consumers("beta", "acme", "refused"));

        verify(store, times(3)).admit(eq(TENANT), eq(DEPLOYMENT), any());
        verify(store).admit(eq(TENANT), eq(DEPLOYMENT), argThat(asked -> asked.equals(List.of(value("refused")))));
        assertThat(first).containsExactlyInAnyOrderElementsOf(consumers("acme", "beta"));
        assertThat(third).isEqualTo(first);
        assertThat(values.rememberedCount()).isEqualTo(2);
    }

    @Test
    void admissions_of_a_transaction_rolled_back_are_never_remembered() {
        AdmittedValues values = new AdmittedValues(store);

        values.admit(TENANT, DEPLOYMENT, consumers("acme"));
        TransactionOutcome.complete(false);
        values.admit(TENANT, DEPLOYMENT, consumers("acme"));

        verify(store, times(2)).admit(eq(TENANT), eq(DEPLOYMENT), any());
        assertThat(values.rememberedCount()).isZero();
    }

    @Test
    void a_value_is_remembered_per_deployment_and_day() {
        AdmittedValues values = new AdmittedValues(store);

        values.admit(TENANT, DEPLOYMENT, consumers("acme"));
        TransactionOutcome.complete(true);
        values.admit(TENANT, DEPLOYMENT + 1, consumers("acme"));
        values.admit(
                TENANT,
                DEPLOYMENT,
                Set.of(new DimensionValueStore.DayValue(Dimension.CONSUMER, DAY.plusDays(1), "acme")));

        verify(store, times(3)).admit(anyLong(), anyLong(), any());
    }

    @Test
    void memory_starts_over_past_its_bound() {
        AdmittedValues values = new AdmittedValues(store, 3);

        values.admit(TENANT, DEPLOYMENT, consumers("a", "b"));
        TransactionOutcome.complete(true);
        values.admit(TENANT, DEPLOYMENT, consumers("c", "d"));
        TransactionOutcome.complete(true);

        assertThat(values.rememberedCount()).isEqualTo(2);
    }

    private static List<DimensionValueStore.DayValue> consumers(String... names) {
        return java.util.Arrays.stream(names).map(AdmittedValuesTest::value).toList();
    }

    private static DimensionValueStore.DayValue value(String name) {
        return new DimensionValueStore.DayValue(Dimension.CONSUMER, DAY, name);
    }
}
