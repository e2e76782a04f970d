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
import java.util.Objects;

/**
 * The usage export by consumer or adapter as {@link SpreadsheetCsv}, UTF-8: one row per tenant, value (the dimension
 * names the column), deployment where the grouping is per deployment, day and price (else currency). The value is
 * "other" for the traffic past a day's cap and "(none)" for requests that named none; the {@code _kind} column tells
 * them from values. Prices are empty where a row sums several deployments; costs are exact.
 */
final class UsageLineCsv implements UsageLineWriter {

    private final SpreadsheetCsv csv;

    UsageLineCsv(OutputStream stream, boolean byteOrderMark, UsageGrouping grouping) throws IOException {
        Writer out = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8));
        if (byteOrderMark) {
            out.write(UsageCsv.BYTE_ORDER_MARK);
        }
        String dimension = Objects.requireNonNull(grouping.dimension(), "a grouping by a dimension")
                .code();
        this.csv = new SpreadsheetCsv(out, columns(dimension));
    }

    static List<String> columns(String dimension) {
        return List.of(
                "tenant",
                "tenant_name",
                dimension,
                dimension + "_kind",
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
                "cost");
    }

    @Override
    public void line(UsageLine line) throws IOException {
        String currency = Objects.requireNonNull(line.currency(), "a daily line");
        UsageTotals total = line.total();
        TokenPrice price = line.price();
        csv.row(
                text(line.tenant()),
                text(line.tenantName()),
                text(line.value().label()),
                text(line.value().kind()),
                text(Objects.requireNonNullElse(line.deployment(), "")),
                text(Objects.requireNonNullElse(line.deploymentName(), "")),
                Objects.requireNonNull(line.day(), "a daily line"),
                text(line.timeZone().getId()),
                total.requests(),
                total.okRequests(),
                total.inputTokens(),
                total.outputTokens(),
                text(currency),
                price == null ? "" : MoneyFormat.exact(price.inputPerMtok()),
                price == null ? "" : MoneyFormat.exact(price.outputPerMtok()),
                MoneyFormat.exact(total.inputCost().in(currency)),
                MoneyFormat.exact(total.outputCost().in(currency)),
                MoneyFormat.exact(total.cost().in(currency)));
    }

    @Override
    public void finish() throws IOException {
        csv.flush();
    }
}
