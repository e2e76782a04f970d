package dev.inferencemetrics.base.format;

import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * A way of writing one kind of number, as data: the first step whose {@code atLeast} the value reaches (a null
 * {@code atLeast} takes any value) divides it, rounds it to its decimals and appends its suffix, or writes its fixed
 * text. Java formats with it, and the chart element receives the same rule, so both write a figure alike.
 */
public record NumberRule(List<Step> steps) {

    public static final String NO_VALUE = "–";

    public record Step(
            @Nullable Double atLeast,
            double divisor,
            int decimals,
            boolean grouping,
            String suffix,
            @Nullable String text) {

        static Step from(@Nullable Double atLeast, double divisor, int decimals, String suffix) {
            return new Step(atLeast, divisor, decimals, false, suffix, null);
        }
    }

    public NumberRule {
        steps = List.copyOf(steps);
        if (steps.isEmpty() || steps.getLast().atLeast() != null) {
            throw new IllegalArgumentException("the last step must take any value");
        }
    }

    public String format(@Nullable Double value) {
        if (value == null || !Double.isFinite(value)) {
            return NO_VALUE;
        }
        Step step = steps.stream()
                .filter(s -> s.atLeast() == null || value >= s.atLeast())
                .findFirst()
                .orElseThrow();
        if (step.text() != null) {
            return step.text();
        }
        String pattern = "%" + (step.grouping() ? "," : "") + "." + step.decimals() + "f";
        return String.format(Locale.ROOT, pattern, value / step.divisor()) + step.suffix();
    }
}
