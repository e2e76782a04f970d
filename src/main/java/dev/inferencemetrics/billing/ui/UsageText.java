package dev.inferencemetrics.billing.ui;

import dev.inferencemetrics.base.format.NumberRules;
import dev.inferencemetrics.billing.UsageTotals;
import org.jspecify.annotations.Nullable;

/** How the Usage page writes counts (1,234,567) and goodput shares (92.3 %). */
final class UsageText {

    private UsageText() {}

    static String count(long value) {
        return NumberRules.COUNT.format((double) value);
    }

    static String percent(@Nullable Double percent) {
        return NumberRules.PERCENT.format(percent);
    }

    /** "75.0 % · 3 good" */
    static String goodput(UsageTotals total) {
        return total.countedRequests() == 0
                ? percent(null)
                : percent(total.goodputPct()) + " · " + count(total.goodRequests()) + " good";
    }

    static String goodputDetails(UsageTotals total) {
        return count(total.goodRequests()) + " of " + count(total.countedRequests())
                + " requests judged against the goodput SLO ended ok and met every threshold";
    }

    static String tokenGoodputDetails(UsageTotals total) {
        return count(total.goodOutputTokens()) + " of " + count(total.countedOutputTokens())
                + " output tokens were made for good requests (failed and cancelled requests count in all)";
    }
}
