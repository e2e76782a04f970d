package dev.inferencemetrics.pages.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.grid.ColumnTextAlign;
import com.vaadin.flow.component.grid.Grid;
import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.ingest.RequestRow;
import dev.inferencemetrics.metrics.RequestPage;
import dev.inferencemetrics.metrics.RequestSort;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class DrillDownPanelTest {

    private static final Instant FROM = Instant.parse("2026-11-22T10:00:00Z");

    private final DrillDownPanel panel = new DrillDownPanel(
            (from, to, sort, after) -> new RequestPage(
                    "d",
                    from,
                    to,
                    sort.name(),
                    true,
                    true,
                    List.of(new RequestRow("r-1", from, "ok", 76.0, 18.0, 11_000.0, 4.0, 550, 1_620)),
                    null,
                    null),
            page -> "/csv");

    @Test
    void the_heading_names_the_interval_once_with_its_zone_at_the_end() {
        panel.show(
                FROM,
                FROM.plusSeconds(60),
                RequestSort.TTFT,
                new PageTimeZone(ZoneId.of("Europe/Berlin"), false),
                List.of());

        assertThat(panel.title.getText()).isEqualTo("Requests 22 Nov 2026 11:00 – 11:01 Europe/Berlin");
    }

    @Test
    void latencies_and_token_counts_stand_right_aligned_and_words_left() {
        panel.show(FROM, FROM.plusSeconds(60), RequestSort.TTFT, PageTimeZone.utcZone(), List.of());

        assertThat(panel.grid.getColumns())
                .filteredOn(column -> column.getTextAlign() == ColumnTextAlign.END)
                .extracting(Grid.Column::getKey)
                .containsExactly("ttft", "itl", "e2e", "queue", "input", "output");
        assertThat(panel.grid.getColumnByKey("status").getTextAlign()).isEqualTo(ColumnTextAlign.START);
    }
}
