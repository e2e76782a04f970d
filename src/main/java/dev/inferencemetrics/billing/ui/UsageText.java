package dev.inferencemetrics.billing.ui;

import dev.inferencemetrics.base.format.NumberRules;

/** How the Usage page writes counts: 1,234,567. */
final class UsageText {

    private UsageText() {}

    static String count(long value) {
        return NumberRules.COUNT.format((double) value);
    }
}
