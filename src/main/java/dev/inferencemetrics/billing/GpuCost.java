package dev.inferencemetrics.billing;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.inferencemetrics.base.UnusableValueException;
import java.math.BigDecimal;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * What a deployment costs to run: {@code replicas} replicas of {@code gpusPerReplica} GPUs each, at a price per
 * GPU-hour in one currency, to at most six decimal places (what the database keeps). Zero replicas cost nothing.
 * Without {@code replicas} (null) they are read from scrapes: the replica-hours the engines' scrapes counted (see
 * {@link ScrapedReplicas}).
 */
public record GpuCost(int gpusPerReplica, @Nullable Integer replicas, BigDecimal pricePerGpuHour, String currency) {

    public static final int MAX_GPUS_PER_REPLICA = 4096;
    public static final int MAX_REPLICAS = 100_000;
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    private static final int SCALE = 6;
    private static final int MAX_INTEGER_DIGITS = 12;

    public GpuCost {
        if (gpusPerReplica < 1 || gpusPerReplica > MAX_GPUS_PER_REPLICA) {
            throw new UnusableValueException(
                    "GPUs per replica must be between 1 and " + MAX_GPUS_PER_REPLICA + ", not " + gpusPerReplica);
        }
        if (replicas != null && (replicas < 0 || replicas > MAX_REPLICAS)) {
            throw new UnusableValueException("replicas must be between 0 and " + MAX_REPLICAS + ", not " + replicas);
        }
        pricePerGpuHour = normalised(pricePerGpuHour);
        if (!CURRENCY.matcher(Objects.requireNonNull(currency)).matches()) {
            throw new UnusableValueException("currency must be an ISO 4217 code such as USD, not '" + currency + "'");
        }
    }

    public static GpuCost of(int gpusPerReplica, int replicas, String pricePerGpuHour, String currency) {
        return new GpuCost(gpusPerReplica, replicas, new BigDecimal(pricePerGpuHour), currency);
    }

    /** A cost whose replicas are read from scrapes. */
    public static GpuCost fromScrapes(int gpusPerReplica, String pricePerGpuHour, String currency) {
        return new GpuCost(gpusPerReplica, null, new BigDecimal(pricePerGpuHour), currency);
    }

    /** Whether the replicas are read from scrapes rather than set. */
    @JsonProperty("replicasFromScrapes")
    public boolean replicasFromScrapes() {
        return replicas == null;
    }

    /** GPUs per replica × price per GPU-hour: what an hour of one replica costs, exactly. */
    public BigDecimal perReplicaHour() {
        return pricePerGpuHour.multiply(BigDecimal.valueOf(gpusPerReplica));
    }

    /**
     * GPUs × replicas × price per GPU-hour: what an hour of the deployment costs, exactly; null when the replicas are
     * read from scrapes (an hour then costs what its replica-hours do).
     */
    public @Nullable BigDecimal hourly() {
        return replicas == null ? null : perReplicaHour().multiply(BigDecimal.valueOf(replicas));
    }

    /** "3 replicas", or "replicas from scrapes". */
    public String replicasText() {
        return replicas == null ? "replicas from scrapes" : replicas + (replicas == 1 ? " replica" : " replicas");
    }

    /** Scale 6, so equal costs are equal records; more decimals would be silently rounded by the database. */
    private static BigDecimal normalised(BigDecimal price) {
        Objects.requireNonNull(price, "price per GPU-hour");
        if (price.signum() < 0) {
            throw new UnusableValueException("the price per GPU-hour must not be negative");
        }
        if (price.stripTrailingZeros().scale() > SCALE) {
            throw new UnusableValueException("the price per GPU-hour has more than six decimal places");
        }
        BigDecimal scaled = price.setScale(SCALE);
        if (scaled.precision() - SCALE > MAX_INTEGER_DIGITS) {
            throw new UnusableValueException("the price per GPU-hour is too large");
        }
        return scaled;
    }
}
