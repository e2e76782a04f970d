package dev.inferencemetrics.compare;

import dev.inferencemetrics.base.UnusableValueException;
import dev.inferencemetrics.rollup.Dimension;
import dev.inferencemetrics.rollup.DimensionValue;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The requests one side of a comparison covers: all of its deployment's, or those of one consumer, adapter or
 * priority, named by the parameters {@code aConsumer}, {@code aAdapter}, {@code aPriority} (side A) and their
 * {@code b…} twins, each checked by the rules ingest checks the value by.
 */
public final class SideFilter {

    private SideFilter() {}

    /** The parameter naming a side's value of a dimension: {@code aConsumer}, {@code bPriority}. */
    public static String parameter(String side, Dimension dimension) {
        return side
                + Character.toUpperCase(dimension.code().charAt(0))
                + dimension.code().substring(1);
    }

    /**
     * The one value the side's parameters name, or null for all requests; {@code parameters} answers a parameter's
     * value or null.
     *
     * @throws UnusableValueException if more than one is named or the value is not one ingest would store
     */
    public static @Nullable DimensionValue of(String side, Function<String, @Nullable String> parameters) {
        List<DimensionValue> named = new ArrayList<>(1);
        for (Dimension dimension : Dimension.values()) {
            String name = parameter(side, dimension);
            String value = parameters.apply(name);
            if (value == null || value.isBlank()) {
                continue;
            }
            String trimmed = value.trim();
            dimension.problem(trimmed).ifPresent(problem -> {
                throw new UnusableValueException(name + ": " + problem);
            });
            named.add(new DimensionValue(dimension, trimmed));
        }
        if (named.size() > 1) {
            throw new UnusableValueException(
                    "side " + side + " filters by one of consumer, adapter and priority at a time");
        }
        return named.isEmpty() ? null : named.getFirst();
    }
}
