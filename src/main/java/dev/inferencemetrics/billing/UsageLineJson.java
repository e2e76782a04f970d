package dev.inferencemetrics.billing;

import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectMapper;

/**
 * The JSON export by consumer or adapter: {@code {"from","to","by","rows":[…],"totals":[…]}}, one total per tenant and
 * currency after the rows (the same totals as the export by deployment). Each row names its value under the
 * dimension's name ({@code "consumer"}: the value, "other", or null for requests that named none) and its
 * {@code "kind"}; {@code deployment} and the prices are null where a row sums several deployments. Amounts are exact
 * decimal strings.
 */
final class UsageLineJson implements UsageLineWriter {

    private final JsonGenerator json;
    private final String dimension;
    private final Map<TenantCurrency, UsageTotals> totals = new LinkedHashMap<>();

    private record TenantCurrency(String tenant, String currency) {}

    UsageLineJson(ObjectMapper mapper, OutputStream out, UsagePeriod period, UsageGrouping grouping) {
        this.dimension = Objects.requireNonNull(grouping.dimension(), "a grouping by a dimension")
                .code();
        this.json =
                mapper.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET).createGenerator(out);
        json.writeStartObject();
        json.writeStringProperty("from", period.from().toString());
        json.writeStringProperty("to", period.to().toString());
        json.writeStringProperty("by", grouping.code());
        json.writeName("rows");
        json.writeStartArray();
    }

    @Override
    public void line(UsageLine line) {
        String currency = Objects.requireNonNull(line.currency(), "a daily line");
        TokenPrice price = line.price();
        json.writeStartObject();
        json.writeStringProperty("tenant", line.tenant());
        json.writeStringProperty("tenantName", line.tenantName());
        json.writeStringProperty(
                dimension, line.value().isNone() ? null : line.value().label());
        json.writeStringProperty("kind", line.value().kind());
        json.writeStringProperty("deployment", line.deployment());
        json.writeStringProperty("deploymentName", line.deploymentName());
        json.writeStringProperty("day", String.valueOf(line.day()));
        json.writeStringProperty("timeZone", line.timeZone().getId());
        amounts(line.total(), currency);
        json.writeStringProperty("priceInputPerMtok", price == null ? null : MoneyFormat.exact(price.inputPerMtok()));
        json.writeStringProperty("priceOutputPerMtok", price == null ? null : MoneyFormat.exact(price.outputPerMtok()));
        json.writeEndObject();
        totals.compute(
                new TenantCurrency(line.tenant(), currency),
                (key, sum) -> sum == null ? line.total() : sum.plus(line.total()));
    }

    private void amounts(UsageTotals total, String currency) {
        json.writeNumberProperty("requests", total.requests());
        json.writeNumberProperty("okRequests", total.okRequests());
        json.writeNumberProperty("inputTokens", total.inputTokens());
        json.writeNumberProperty("outputTokens", total.outputTokens());
        json.writeStringProperty("currency", currency);
        json.writeStringProperty(
                "costInput", MoneyFormat.exact(total.inputCost().in(currency)));
        json.writeStringProperty(
                "costOutput", MoneyFormat.exact(total.outputCost().in(currency)));
        json.writeStringProperty("cost", MoneyFormat.exact(total.cost().in(currency)));
    }

    @Override
    public void finish() {
        json.writeEndArray();
        json.writeName("totals");
        json.writeStartArray();
        totals.forEach((key, total) -> {
            json.writeStartObject();
            json.writeStringProperty("tenant", key.tenant());
            amounts(total, key.currency());
            json.writeEndObject();
        });
        json.writeEndArray();
        json.writeEndObject();
        json.close();
    }
}
