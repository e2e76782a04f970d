package dev.inferencemetrics.billing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.Rfc4180;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsageCsvTest {

    @Test
    void a_row_has_plain_numbers_exact_costs_and_survives_a_strict_reader() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        UsageCsv csv = new UsageCsv(out, false);
        csv.row(
                new UsageRow(
                        "acme",
                        "Acme, \"AI\"",
                        ZoneId.of("UTC"),
                        "qwen3-coder",
                        "=HYPERLINK(\"http://x\",\"y\")\nnext",
                        LocalDate.parse("2026-11-01"),
                        1_500,
                        1_499,
                        1_234_567,
                        89,
                        1_500,
                        1_000,
                        89,
                        60,
                        TokenPrice.of("0.45", "1.80", "USD")),
                null);
        csv.finish();

        List<List<String>> records = Rfc4180.parse(out.toString(StandardCharsets.UTF_8));

        assertThat(records.get(0)).isEqualTo(UsageCsv.COLUMNS);
        assertThat(records.get(1))
                .containsExactly(
                        "acme",
                        "Acme, \"AI\"",
                        "qwen3-coder",
                        "'=HYPERLINK(\"http://x\",\"y\")\nnext",
                        "2026-11-01",
                        "UTC",
                        "1500",
                        "1499",
                        "1234567",
                        "89",
                        "USD",
                        "0.45",
                        "1.80",
                        "0.55555515",
                        "0.0001602",
                        "0.55571535",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "1500",
                        "1000",
                        "89",
                        "60",
                        "66.6667",
                        "67.4157",
                        "",
                        "",
                        "");
    }
}
