package dev.inferencemetrics.billing;

import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectMapper;

/**
 * The JSON export: {@code {"from","to","rows":[…],"totals":[…]}}, one total per tenant and currency after the rows.
 * Amounts and prices are exact decimal strings, so no client has to parse money into floating point; goodput counts
 * are exact, their shares percentages to four decimal places (null without judged requests). The GPU cost fields
 * are null in a tenant's export.
 */
final class UsageJson implements UsageWriter {

    private final JsonGenerator json;
    private final Map<TenantCurrency, UsageTotals> totals = new LinkedHashMap<>();

    private record TenantCurrency(String tenant, String currency) {}

    UsageJson(ObjectMapper mapper, OutputStream out, UsagePeriod period) {
        this.json =
                mapper.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET).createGenerator(out);
        json.writeStartObject();
        json.writeStringProperty("from", period.from().toString());
        json.writeStringProperty("to", period.to().toString());
        json.writeName("rows");
        json.writeStartArray();
    }

    @Override
    public void row(UsageRow row, @Nullable CostOfTokens cost) {
        RowCostColumns gpu = RowCostColumns.of(cost);
        json.writeStartObject();
        json.writeStringProperty("tenant", row.tenant());
        json.writeStringProperty("tenantName", row.tenantName());
        json.writeStringProperty("deployment", row.deployment());
        json.writeStringProperty("deploymentName", row.deploymentName());
        json.writeStringProperty("day", row.day().toString());
        json.writeStringProperty("timeZone", row.timeZone().getId());
        json.writeNumberProperty("requests", row.requests());
        json.writeNumberProperty("okRequests", row.okRequests());
        json.writeNumberProperty("inputTokens", row.inputTokens());
        json.writeNumberProperty("outputTokens", row.outputTokens());
        json.writeStringProperty("currency", row.price().currency());
        json.writeStringProperty(
                "priceInputPerMtok", MoneyFormat.exact(row.price().inputPerMtok()));
        json.writeStringProperty(
                "priceOutputPerMtok", MoneyFormat.exact(row.price().outputPerMtok()));
        json.writeStringProperty("costInput", MoneyFormat.exact(row.inputCost()));
        json.writeStringProperty("costOutput", MoneyFormat.exact(row.outputCost()));
        json.writeStringProperty("cost", MoneyFormat.exact(row.cost()));
        json.writeStringProperty("gpuCostCurrency", gpu.currency().isEmpty() ? null : gpu.currency());
        json.writeStringProperty("gpuCost", gpu.gpuCost().isEmpty() ? null : gpu.gpuCost());
        json.writeStringProperty("gpuCostPerMtokOutput", gpu.perMtokOutput().isEmpty() ? null : gpu.perMtokOutput());
        json.writeStringProperty("margin", gpu.margin().isEmpty() ? null : gpu.margin());
        costPerMtokGoodOutput(gpu);
        goodput(row.countedRequests(), row.goodRequests(), row.countedOutputTokens(), row.goodOutputTokens());
        scraped(gpu);
        json.writeEndObject();
        totals.compute(
                new TenantCurrency(row.tenant(), row.price().currency()),
                (key, sum) -> (sum == null ? UsageTotals.NONE : sum).plus(row, cost));
    }

    private void costPerMtokGoodOutput(RowCostColumns gpu) {
        json.writeStringProperty(
                "gpuCostPerMtokGoodOutput", gpu.perMtokGoodOutput().isEmpty() ? null : gpu.perMtokGoodOutput());
    }

    /** The scraped-replica minutes behind the GPU cost, as numbers; null where none was costed from scrapes. */
    private void scraped(RowCostColumns gpu) {
        count("scrapedCostMinutes", gpu.scrapedCostMinutes());
        count("scrapedCostMinutesSeen", gpu.scrapedCostMinutesSeen());
        count("scrapedReplicaMinutes", gpu.scrapedReplicaMinutes());
    }

    private void count(String name, String value) {
        if (value.isEmpty()) {
            json.writeNullProperty(name);
        } else {
            json.writeNumberProperty(name, Long.parseLong(value));
        }
    }

    private void goodput(long counted, long good, long countedOutputTokens, long goodOutputTokens) {
        json.writeNumberProperty("countedRequests", counted);
        json.writeNumberProperty("goodRequests", good);
        json.writeNumberProperty("countedOutputTokens", countedOutputTokens);
        json.writeNumberProperty("goodOutputTokens", goodOutputTokens);
        share("goodputPct", good, counted);
        share("tokenGoodputPct", goodOutputTokens, countedOutputTokens);
    }

    private void share(String name, long part, long whole) {
        String percent = GoodputShare.percent(part, whole);
        if (percent.isEmpty()) {
            json.writeNullProperty(name);
        } else {
            json.writeName(name);
            json.writeNumber(new BigDecimal(percent));
        }
    }

    @Override
    public void finish() {
        json.writeEndArray();
        json.writeName("totals");
        json.writeStartArray();
        totals.forEach(this::total);
        json.writeEndArray();
        json.writeEndObject();
        json.close();
    }

    private void total(TenantCurrency key, UsageTotals total) {
        json.writeStartObject();
        json.writeStringProperty("tenant", key.tenant());
        json.writeStringProperty("currency", key.currency());
        json.writeNumberProperty("requests", total.requests());
        json.writeNumberProperty("okRequests", total.okRequests());
        json.writeNumberProperty("inputTokens", total.inputTokens());
        json.writeNumberProperty("outputTokens", total.outputTokens());
        json.writeStringProperty(
                "costInput", MoneyFormat.exact(total.inputCost().in(key.currency())));
        json.writeStringProperty(
                "costOutput", MoneyFormat.exact(total.outputCost().in(key.currency())));
        json.writeStringProperty("cost", MoneyFormat.exact(total.cost().in(key.currency())));
        goodput(total.countedRequests(), total.goodRequests(), total.countedOutputTokens(), total.goodOutputTokens());
        RowCostColumns gpu = RowCostColumns.of(total.gpu());
        json.writeStringProperty("gpuCostCurrency", gpu.currency().isEmpty() ? null : gpu.currency());
        json.writeStringProperty("gpuCost", gpu.gpuCost().isEmpty() ? null : gpu.gpuCost());
        json.writeStringProperty("gpuCostPerMtokOutput", gpu.perMtokOutput().isEmpty() ? null : gpu.perMtokOutput());
        costPerMtokGoodOutput(gpu);
        json.writeStringProperty("margin", gpu.margin().isEmpty() ? null : gpu.margin());
        scraped(gpu);
        json.writeEndObject();
    }
}
