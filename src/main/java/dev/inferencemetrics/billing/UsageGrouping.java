package dev.inferencemetrics.billing;

import dev.inferencemetrics.rollup.Dimension;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What usage is summed by: the deployment (each deployment's prices, as invoiced), or the consumer a gateway named,
 * per deployment or over all of a tenant's deployments, or the LoRA adapter. A consumer's or an adapter's cost is the
 * sum of its tokens at each deployment's prices, so the values of a deployment add up to its own usage exactly.
 */
public enum UsageGrouping {
    DEPLOYMENT("deployment", "Deployment", null, true),
    CONSUMER("consumer", "Consumer", Dimension.CONSUMER, false),
    CONSUMER_DEPLOYMENT("consumer,deployment", "Consumer × deployment", Dimension.CONSUMER, true),
    ADAPTER("adapter", "Adapter", Dimension.ADAPTER, false);

    private final String code;
    private final String label;
    private final @Nullable Dimension dimension;
    private final boolean perDeployment;

    UsageGrouping(String code, String label, @Nullable Dimension dimension, boolean perDeployment) {
        this.code = code;
        this.label = label;
        this.dimension = dimension;
        this.perDeployment = perDeployment;
    }

    /** The value of the API's {@code by} parameter. */
    public String code() {
        return code;
    }

    /** The name on the Usage page. */
    public String label() {
        return label;
    }

    /** The dimension summed by, or null for the deployment alone. */
    public @Nullable Dimension dimension() {
        return dimension;
    }

    /** Whether each line is of one deployment (and so of one price). */
    public boolean perDeployment() {
        return perDeployment;
    }

    /** What an export's file name says of the grouping: nothing by deployment, else e.g. {@code -by-consumer}. */
    public static String fileNamePart(UsageGrouping grouping) {
        return grouping == DEPLOYMENT ? "" : "-by-" + grouping.code.replace(',', '-');
    }

    public static Optional<UsageGrouping> fromCode(String code) {
        String wanted = code.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        return Arrays.stream(values()).filter(g -> g.code.equals(wanted)).findFirst();
    }
}
