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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class UsageCsvTest {

    @ParameterizedTest
    @ValueSource(strings = {"=1+1", "+41 22", "-2", "@SUM(A1)", "\tindent", "\rreturn"})
    void text_that_a_spreadsheet_would_run_as_a_formula_is_prefixed_with_an_apostrophe(String hostile) {
        String cell = UsageCsv.text(hostile);

        assertThat(Rfc4180.parse(cell + "\r\n")).containsExactly(List.of("'" + hostile));
    }

    @Test
    void commas_quotes_and_line_breaks_are_quoted_with_quotes_doubled() {
        assertThat(UsageCsv.text("a,b")).isEqualTo("\"a,b\"");
        assertThat(UsageCsv.text("say \"hi\"")).isEqualTo("\"say \"\"hi\"\"\"");
        assertThat(UsageCsv.text("two\r\nlines")).isEqualTo("\"two\r\nlines\"");
        assertThat(UsageCsv.text("Qwen3 Coder")).isEqualTo("Qwen3 Coder");
    }

    @Test
    void a_row_has_plain_numbers_exact_costs_and_survives_a_strict_reader() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        UsageCsv csv = new UsageCsv(out, false);
        csv.row(new UsageRow(
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
                TokenPrice.of("0.45", "1.80", "USD")));
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
                        "0.55571535");
    }
}
