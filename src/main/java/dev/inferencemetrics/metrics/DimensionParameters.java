package dev.inferencemetrics.metrics;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionValue;
import io.swagger.v3.oas.annotations.Parameter;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The {@code consumer}, {@code adapter} and {@code priority} filters of the rollup reads: at most one at a time, each
 * checked by the rules ingest checks the value by.
 */
record DimensionParameters(
        @Parameter(description = "only the requests of this consumer, answered from its rollups") @Nullable
        String consumer,

        @Parameter(description = "only the requests served with this LoRA adapter") @Nullable
        String adapter,

        @Parameter(description = "only the requests of this priority class") @Nullable
        String priority) {

    /**
     * The one value named, or null for all requests.
     *
     * @throws UnusableValueException if more than one is named or the value is not one ingest would store
     */
    @Nullable
    DimensionValue filter() {
        List<DimensionValue> named = new ArrayList<>(1);
        add(named, Dimension.CONSUMER, consumer);
        add(named, Dimension.ADAPTER, adapter);
        add(named, Dimension.PRIORITY, priority);
        if (named.size() > 1) {
            throw new UnusableValueException("filter by one of consumer, adapter and priority at a time");
        }
        return named.isEmpty() ? null : named.getFirst();
    }

    private static void add(List<DimensionValue> named, Dimension dimension, @Nullable String value) {
        if (value == null) {
            return;
        }
        dimension.problem(value).ifPresent(problem -> {
            throw new UnusableValueException(problem);
        });
        named.add(new DimensionValue(dimension, value));
    }
}
