package dev.inferencemetrics.base.csv;

import static dev.inferencemetrics.base.csv.SpreadsheetCsv.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.Rfc4180;
import java.io.IOException;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SpreadsheetCsvTest {

    @ParameterizedTest
    @ValueSource(strings = {"=1+1", "+41 22", "-2", "@SUM(A1)", "\tindent", "\rreturn"})
    void text_that_a_spreadsheet_would_run_as_a_formula_is_prefixed_with_an_apostrophe(String hostile)
            throws IOException {
        assertThat(Rfc4180.parse(written(text(hostile)))).last().isEqualTo(List.of("'" + hostile));
    }

    @Test
    void numbers_and_codes_the_application_wrote_are_left_as_they_are() throws IOException {
        assertThat(Rfc4180.parse(written(-2, "-3"))).last().isEqualTo(List.of("-2", "-3"));
    }

    @Test
    void commas_quotes_and_line_breaks_are_quoted_with_quotes_doubled_and_records_end_with_crlf() throws IOException {
        String csv = written(text("a,b"), text("say \"hi\""), text("two\r\nlines"), text("Qwen3 Coder"));

        assertThat(csv).isEqualTo("h\r\n\"a,b\",\"say \"\"hi\"\"\",\"two\r\nlines\",Qwen3 Coder\r\n");
    }

    private static String written(Object... cells) throws IOException {
        StringWriter out = new StringWriter();
        SpreadsheetCsv csv = new SpreadsheetCsv(out, List.of("h"));
        csv.row(cells);
        csv.flush();
        return out.toString();
    }
}
