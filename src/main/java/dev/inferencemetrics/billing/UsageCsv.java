package dev.inferencemetrics.billing;

import static dev.inferencemetrics.base.csv.SpreadsheetCsv.text;

import dev.inferencemetrics.base.csv.SpreadsheetCsv;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The usage export as {@link SpreadsheetCsv}, UTF-8. Without a byte-order mark unless asked for: Excel reads a CSV
 * file without one in the machine's legacy code page (names such as "Zürich" come out garbled), while most other
 * readers take the mark for part of the first column's name. Costs are exact decimals; the GPU cost columns are
 * filled for operators only. New columns are only ever added at the end, so a reader that counts columns keeps
 * working: the goodput counts (exact) and their shares in percent (to four decimal places), then the scraped-replica
 * minutes behind a GPU cost read from scrapes ({@link RowCostColumns}), come last.
 */
final class UsageCsv implements UsageWriter {

    static final List<String> COLUMNS = List.of(
            "tenant",
            "tenant_name",
            "deployment",
            "deployment_name",
            "day",
            "time_zone",
            "requests",
            "ok_requests",
            "input_tokens",
            "output_tokens",
            "currency",
            "price_input_per_mtok",
            "price_output_per_mtok",
            "cost_input",
            "cost_output",
            "cost",
            "gpu_cost_currency",
            "gpu_cost",
            "gpu_cost_per_mtok_output",
            "margin",
            "gpu_cost_per_mtok_good_output",
            "counted_requests",
            "good_requests",
            "counted_output_tokens",
            "good_output_tokens",
            "goodput_pct",
            "token_goodput_pct",
            "scraped_cost_minutes",
            "scraped_cost_minutes_seen",
            "scraped_replica_minutes");

    static final char BYTE_ORDER_MARK = '\uFEFF';

    private final SpreadsheetCsv csv;

    UsageCsv(OutputStream stream, boolean byteOrderMark) throws IOException {
        Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
        if (byteOrderMark) {
            out.write(BYTE_ORDER_MARK);
        }
        this.csv = new SpreadsheetCsv(out, COLUMNS);
    }

    @Override
    public void row(UsageRow row, @Nullable CostOfTokens cost) throws IOException {
        RowCostColumns gpu = RowCostColumns.of(cost);
        csv.row(
                text(row.tenant()),
                text(row.tenantName()),
                text(row.deployment()),
                text(row.deploymentName()),
                row.day(),
                text(row.timeZone().getId()),
                row.requests(),
                row.okRequests(),
                row.inputTokens(),
                row.outputTokens(),
                text(row.price().currency()),
                MoneyFormat.exact(row.price().inputPerMtok()),
                MoneyFormat.exact(row.price().outputPerMtok()),
                MoneyFormat.exact(row.inputCost()),
                MoneyFormat.exact(row.outputCost()),
                MoneyFormat.exact(row.cost()),
                text(gpu.currency()),
                gpu.gpuCost(),
                gpu.perMtokOutput(),
                gpu.margin(),
                gpu.perMtokGoodOutput(),
                row.countedRequests(),
                row.goodRequests(),
                row.countedOutputTokens(),
                row.goodOutputTokens(),
                GoodputShare.percent(row.goodRequests(), row.countedRequests()),
                GoodputShare.percent(row.goodOutputTokens(), row.countedOutputTokens()),
                gpu.scrapedCostMinutes(),
                gpu.scrapedCostMinutesSeen(),
                gpu.scrapedReplicaMinutes());
    }

    @Override
    public void finish() throws IOException {
        csv.flush();
    }
}
