package dev.inferencemetrics.provisioning;

import dev.inferencemetrics.api.JsonObjectBody;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.deployment.DeploymentChanges;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.deployment.OtlpNames;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a provisioning call wants a deployment to be. Left-out SLOs keep the deployment's values (the product defaults
 * for a new one); a left-out price, OTLP names or goodput SLO leave those as they are.
 *
 * @param price the price, and from which half hour it applies to an existing deployment
 */
record DeploymentSpec(
        String tenant,
        String displayName,
        String model,
        String engine,
        String region,
        @Nullable BigDecimal sloTtftP95Ms,
        @Nullable BigDecimal sloItlP95Ms,
        @Nullable BigDecimal sloErrorRatePct,
        @Nullable PriceSpec price,
        @Nullable OtlpNames otlp,
        @Nullable RawRetentionSpec rawRetention,
        @Nullable GoodputSlo goodput) {

    record PriceSpec(TokenPrice price, @Nullable Instant effectiveFrom) {}

    /** {@code rawRetentionHours} as given: a number of hours ("rollups only"), or null for the global retention. */
    record RawRetentionSpec(@Nullable Integer hours) {}

    static DeploymentSpec read(JsonObjectBody body) {
        JsonObjectBody slo = body.object("slo");
        JsonObjectBody otlp = body.object("otlp");
        return new DeploymentSpec(
                body.requiredText("tenant"),
                body.requiredText("displayName"),
                body.requiredText("model"),
                body.requiredText("engine"),
                body.requiredText("region"),
                slo == null ? null : slo.decimal("ttftP95Ms"),
                slo == null ? null : slo.decimal("itlP95Ms"),
                slo == null ? null : slo.decimal("errorRatePct"),
                price(body.object("price")),
                otlp == null ? null : new OtlpNames(names(otlp.texts("serviceNames")), names(otlp.texts("modelNames"))),
                body.has("rawRetentionHours") ? new RawRetentionSpec(body.integer("rawRetentionHours", "hours")) : null,
                goodput(body.object("goodput")));
    }

    /** {@code goodput}: thresholds in ms, any of ttftMs, tpotMs, e2elMs; an absent one is not judged. */
    private static @Nullable GoodputSlo goodput(@Nullable JsonObjectBody goodput) {
        return goodput == null
                ? null
                : new GoodputSlo(
                        millis(goodput.decimal("ttftMs")),
                        millis(goodput.decimal("tpotMs")),
                        millis(goodput.decimal("e2elMs")));
    }

    private static @Nullable Double millis(@Nullable BigDecimal ms) {
        return ms == null ? null : ms.doubleValue();
    }

    /** A new deployment of the tenant as this spec describes it. */
    DeploymentDefinition definition(long tenantId, String slug) {
        DeploymentDefinition plain = new DeploymentDefinition(tenantId, slug, displayName, model, engine, region);
        DeploymentDefinition defined = plain.withSlos(
                        Objects.requireNonNullElse(sloTtftP95Ms, plain.sloTtftP95Ms()),
                        Objects.requireNonNullElse(sloItlP95Ms, plain.sloItlP95Ms()))
                .withErrorRateLimit(Objects.requireNonNullElse(sloErrorRatePct, plain.sloErrorRatePct()));
        return price == null
                ? defined
                : defined.withPrices(
                        price.price().inputPerMtok(),
                        price.price().outputPerMtok(),
                        price.price().currency());
    }

    /** The settings an existing deployment should have. */
    DeploymentChanges changesOf(DeploymentRef current) {
        return new DeploymentChanges(
                displayName,
                model,
                engine,
                region,
                Objects.requireNonNullElse(sloTtftP95Ms, current.sloTtftP95Ms()),
                Objects.requireNonNullElse(sloItlP95Ms, current.sloItlP95Ms()),
                Objects.requireNonNullElse(sloErrorRatePct, current.sloErrorRatePct()));
    }

    private static @Nullable PriceSpec price(@Nullable JsonObjectBody price) {
        if (price == null) {
            return null;
        }
        BigDecimal input = price.decimal("inputPerMtok");
        BigDecimal output = price.decimal("outputPerMtok");
        if (input == null || output == null) {
            throw new UnusableValueException("price.inputPerMtok and price.outputPerMtok are required with a price");
        }
        String currency = price.text("currency");
        return new PriceSpec(
                new TokenPrice(input, output, currency == null ? "USD" : currency), price.instant("effectiveFrom"));
    }

    private static List<String> names(@Nullable List<String> names) {
        return names == null
                ? List.of()
                : names.stream()
                        .map(String::strip)
                        .filter(name -> !name.isEmpty())
                        .toList();
    }
}
