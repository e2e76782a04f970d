package dev.inferencemetrics.compare.ui;

import dev.inferencemetrics.compare.Delta;
import dev.inferencemetrics.metrics.MetricFormat;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/** A delta row in words: its values in their unit, the change with its sign, and the verdict a person reads. */
final class DeltaText {

    private DeltaText() {}

    static String value(Delta delta, @Nullable Double value) {
        return switch (delta.unit()) {
            case "ms" -> MetricFormat.latency(value);
            case "ratio" -> MetricFormat.share(value);
            case "%" -> MetricFormat.percent(value);
            default -> value == null ? MetricFormat.NO_DATA : MetricFormat.rate(value);
        };
    }

    /** "+412 ms (+51.0 %)" or "−0.2/s (−3.1 %)". */
    static String change(Delta delta) {
        Double change = delta.change();
        if (change == null) {
            return MetricFormat.NO_DATA;
        }
        String sign = change > 0 ? "+" : change < 0 ? "−" : "±";
        String absolute = sign + value(delta, Math.abs(change));
        Double relative = delta.relativeChange();
        return relative == null
                ? absolute
                : absolute + String.format(Locale.ROOT, " (%s%.1f %%)", sign, Math.abs(relative) * 100);
    }

    static String verdict(Delta delta) {
        return switch (delta.outcome()) {
            case BETTER -> "B better, beyond noise";
            case WORSE -> "B worse, beyond noise";
            case DIFFERENT -> "different, beyond noise";
            case WITHIN_NOISE -> "within noise";
            case UNKNOWN ->
                switch (delta.verdict()) {
                    case NOT_TESTED -> "not tested";
                    case NO_DATA -> "no data on one side";
                    default -> "";
                };
        };
    }

    /** The class that colours the row: better green, worse red, within noise grey. */
    static String className(Delta delta) {
        return "delta--" + delta.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
