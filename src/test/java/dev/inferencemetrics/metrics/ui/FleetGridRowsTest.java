package dev.inferencemetrics.metrics.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import dev.inferencemetrics.metrics.FleetOverviewService;
import dev.inferencemetrics.metrics.FleetPage;
import dev.inferencemetrics.metrics.FleetQuery;
import dev.inferencemetrics.metrics.FleetSelection;
import dev.inferencemetrics.metrics.FleetSort;
import dev.inferencemetrics.tenancy.TenantScope;
import dev.inferencemetrics.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class FleetGridRowsTest {

    private static final TenantScope SCOPE = TenantScope.tenant(7);
    private static final Instant START = Instant.parse("2026-11-26T10:00:00Z");

    private final MutableClock clock = new MutableClock(START);
    private final FleetOverviewService fleet = mock(FleetOverviewService.class);
    private final FleetGridRows rows = new FleetGridRows(fleet, SCOPE, clock);

    @BeforeEach
    void everyReadFindsFortyTwoDeployments() {
        when(fleet.select(eq(SCOPE), any())).thenAnswer(call -> selection(call.getArgument(1)));
        when(fleet.page(eq(SCOPE), any(FleetSelection.class), anyInt(), anyInt()))
                .thenAnswer(call -> new FleetPage(START.minus(Duration.ofHours(1)), START, 42, 0, List.of()));
    }

    @Test
    void the_size_and_every_page_of_one_query_come_from_one_read_and_each_page_is_built_once() {
        FleetQuery query = FleetQuery.all();

        assertThat(rows.count(query)).isEqualTo(42);
        rows.rows(query, 0, 50);
        rows.rows(query, 0, 50);
        rows.rows(query, 50, 50);

        verify(fleet, times(1)).select(SCOPE, query);
        verify(fleet, times(1)).page(eq(SCOPE), any(FleetSelection.class), eq(0), eq(50));
        verify(fleet, times(1)).page(eq(SCOPE), any(FleetSelection.class), eq(50), eq(50));
    }

    @Test
    void a_new_order_or_filter_reads_again() {
        rows.count(FleetQuery.all());
        rows.count(FleetQuery.all().sortedBy(FleetSort.NAME, true));
        rows.count(FleetQuery.all().sortedBy(FleetSort.NAME, true).withText("qwen"));

        verify(fleet, times(3)).select(eq(SCOPE), any());
    }

    @Test
    void a_read_older_than_ten_seconds_is_read_again_with_its_pages() {
        FleetQuery query = FleetQuery.all();
        rows.rows(query, 0, 50);
        clock.advance(Duration.ofSeconds(10));
        rows.rows(query, 0, 50);
        verify(fleet, times(1)).select(SCOPE, query);

        clock.advance(Duration.ofSeconds(1));
        rows.rows(query, 0, 50);

        verify(fleet, times(2)).select(SCOPE, query);
        verify(fleet, times(2)).page(eq(SCOPE), any(FleetSelection.class), eq(0), eq(50));
    }

    private FleetSelection selection(FleetQuery query) {
        FleetSelection selection = mock(FleetSelection.class);
        when(selection.query()).thenReturn(query);
        when(selection.readAt()).thenReturn(clock.instant());
        when(selection.total()).thenReturn(42);
        return selection;
    }
}
