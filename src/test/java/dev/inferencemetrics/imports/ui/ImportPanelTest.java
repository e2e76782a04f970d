package dev.inferencemetrics.imports.ui;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.base.ui.PageTimeZone;
import dev.inferencemetrics.imports.ImportSummary;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImportPanelTest {

    @Test
    void the_import_result_writes_its_instants_in_the_viewers_zone_to_the_second_and_its_counts_grouped() {
        ImportSummary summary = new ImportSummary(
                1_170,
                1_168,
                0,
                2,
                3,
                234_822_649,
                1_204_311,
                Instant.parse("2026-11-27T12:17:44.686450434Z"),
                Instant.parse("2026-11-27T12:47:44.120000001Z"),
                List.of(),
                List.of());

        String text = ImportPanel.describe(summary, new PageTimeZone(ZoneId.of("Europe/Berlin"), false));

        assertThat(text)
                .isEqualTo("Imported 1,168 of 1,170 requests (3 failed, 0 already there) spread from"
                        + " 27 Nov 2026 13:17:44 to 27 Nov 2026 13:47:44 Europe/Berlin;"
                        + " 234,822,649 input and 1,204,311 output tokens. Rejected: 2.");
    }
}
