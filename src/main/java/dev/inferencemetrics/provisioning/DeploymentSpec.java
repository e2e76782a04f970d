package dev.inferencemetrics.provisioning;

import dev.inferencemetrics.api.JsonObjectBody;
import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.billing.GpuCost;
import dev.inferencemetrics.billing.TokenPrice;
import dev.inferencemetrics.deployment.DeploymentChanges;
import dev.inferencemetrics.deployment.DeploymentDefinition;
import dev.inferencemetrics.deployment.DeploymentRef;
import dev.inferencemetrics.deployment.GoodputSlo;
import dev.inferencemetrics.deployment.OtlpNames;
import dev.inferencemetrics.deployment.SloPreset;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a provisioning call wants a deployment to be. Left-out SLOs keep the deployment's values (the product defaults
 * for a new one); a left-out price, OTLP names or goodput SLO leave those as they are. An SLO preset fills the TTFT
 * and ITL thresholds left out, and holds the TTFT and ITL objectives at its 99 % within the thresholds saved.
 *
 * @param price the price, and from which half hour it applies to an existing deployment
 * @param gpuCost what it costs to run, and from which half hour; left out, the GPU cost stays as it is
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
        @Nullable SloPreset sloPreset,
        @Nullable GpuCostSpec gpuCost,
        @Nullable GoodputSlo goodput,
        @Nullable Double goodputTargetPct) {

    /** What the deployment costs to run, and from which half hour (null: from its start, for its first cost). */
    record GpuCostSpec(GpuCost cost, @Nullable Instant effectiveFrom) {}

    record PriceSpec(TokenPrice price, @Nullable Instant effectiveFrom) {}

    /** {@code rawRetentionHours} as given: a number of hours ("rollups only"), or null for the global retention. */
    record RawRetentionSpec(@Nullable Integer hours) {}

    /**
     * The spec a body describes; with {@code sloPreset}, the TTFT and ITL thresholds {@code slo} leaves out are the
     * preset's P99 figures.
     */
    static DeploymentSpec read(JsonObjectBody body) {
        JsonObjectBody slo = body.object("slo");
        JsonObjectBody otlp = body.object("otlp");
        String presetId = body.text("sloPreset");
        SloPreset preset = presetId == null ? null : SloPreset.of(presetId);
        BigDecimal ttft = slo == null ? null : slo.decimal("ttftP95Ms");
        BigDecimal itl = slo == null ? null : slo.decimal("itlP95Ms");
        return new DeploymentSpec(
                body.requiredText("tenant"),
                body.requiredText("displayName"),
                body.requiredText("model"),
                body.requiredText("engine"),
                body.requiredText("region"),
                ttft == null && preset != null ? preset.ttftP99Ms() : ttft,
                itl == null && preset != null ? preset.itlP99Ms() : itl,
                slo == null ? null : slo.decimal("errorRatePct"),
                price(body.object("price")),
                otlp == null ? null : new OtlpNames(names(otlp.texts("serviceNames")), names(otlp.texts("modelNames"))),
                body.has("rawRetentionHours") ? new RawRetentionSpec(body.integer("rawRetentionHours", "hours")) : null,
                preset,
                gpuCost(body.object("gpuCost")),
                goodput(body.object("goodput")),
                goodputTarget(body.object("goodput")));
    }

    /**
     * {@code goodput}: thresholds in ms, any of ttftMs, tpotMs, e2elMs; an absent one is not judged. A goodput object
     * that holds only {@code targetPct} leaves the thresholds as they are.
     */
    private static @Nullable GoodputSlo goodput(@Nullable JsonObjectBody goodput) {
        return goodput == null
                        || (goodput.has("targetPct")
                                && !goodput.has("ttftMs")
                                && !goodput.has("tpotMs")
                                && !goodput.has("e2elMs"))
                ? null
                : new GoodputSlo(
                        millis(goodput.decimal("ttftMs")),
                        millis(goodput.decimal("tpotMs")),
                        millis(goodput.decimal("e2elMs")));
    }

    /** {@code goodput.targetPct}: the goodput objective's target, which the call switches on; null: left as it is. */
    private static @Nullable Double goodputTarget(@Nullable JsonObjectBody goodput) {
        BigDecimal target = goodput == null ? null : goodput.decimal("targetPct");
        return target == null ? null : target.doubleValue();
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

    private static @Nullable GpuCostSpec gpuCost(@Nullable JsonObjectBody cost) {
        if (cost == null) {
            return null;
        }
        Integer gpusPerReplica = cost.integer("gpusPerReplica", "GPUs");
        Integer replicas = cost.integer("replicas", "replicas");
        boolean fromScrapes = Boolean.TRUE.equals(cost.bool("replicasFromScrapes"));
        BigDecimal price = cost.decimal("pricePerGpuHour");
        if (fromScrapes && replicas != null) {
            throw new UnusableValueException(
                    "gpuCost.replicas and gpuCost.replicasFromScrapes exclude each other: give one of them");
        }
        if (gpusPerReplica == null || (replicas == null && !fromScrapes) || price == null) {
            throw new UnusableValueException("gpuCost.gpusPerReplica, gpuCost.replicas (or gpuCost.replicasFromScrapes:"
                    + " true) and gpuCost.pricePerGpuHour are required with a gpuCost");
        }
        String currency = cost.text("currency");
        return new GpuCostSpec(
                new GpuCost(gpusPerReplica, replicas, price, currency == null ? "USD" : currency),
                cost.instant("effectiveFrom"));
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
