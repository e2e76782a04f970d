package dev.inferencemetrics.billing;

import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Sums rows that arrive in the order of their lines (as {@link UsageStore#forEachValueRow} reads them) into lines,
 * handing on each line once its last row has passed: a line at a time in memory, however long the period.
 */
final class UsageLineFolder implements Consumer<ValueUsageRow> {

    private final UsageGrouping grouping;
    private final boolean daily;
    private final Consumer<UsageLine> out;
    private @Nullable UsageLine current;

    UsageLineFolder(UsageGrouping grouping, boolean daily, Consumer<UsageLine> out) {
        this.grouping = grouping;
        this.daily = daily;
        this.out = out;
    }

    @Override
    public void accept(ValueUsageRow row) {
        UsageLine line = UsageLine.of(row, grouping, daily);
        if (current != null && current.holds(line)) {
            current = current.plus(row.usage());
        } else {
            finish();
            current = line;
        }
    }

    /** Hands on the last line. */
    void finish() {
        if (current != null) {
            out.accept(current);
            current = null;
        }
    }
}
