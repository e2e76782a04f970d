package dev.inferencemetrics.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.ingest.RequestRow;
import dev.inferencemetrics.testing.Rfc4180;
import java.io.IOException;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestCsvTest {

    @Test
    void a_request_id_a_gateway_made_up_reaches_the_spreadsheet_as_text() throws IOException {
        StringWriter out = new StringWriter();
        RequestCsv csv = new RequestCsv(out);
        csv.rows(List.of(new RequestRow(
                "=HYPERLINK(\"http://x\",\"y\")",
                Instant.parse("2026-11-23T10:00:17Z"),
                "error",
                null,
                null,
                1250.5,
                null,
                12,
                0)));
        csv.flush();

        List<List<String>> records = Rfc4180.parse(out.toString());

        assertThat(records.get(0)).isEqualTo(RequestCsv.COLUMNS);
        assertThat(records.get(1))
                .containsExactly(
                        "'=HYPERLINK(\"http://x\",\"y\")",
                        "2026-11-23T10:00:17Z",
                        "error",
                        "",
                        "",
                        "1250.500",
                        "",
                        "12",
                        "0");
    }
}
