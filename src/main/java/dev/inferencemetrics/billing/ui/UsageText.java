package dev.inferencemetrics.billing.ui;

import java.util.Locale;

/** How the Usage page writes counts: 1,234,567. */
final class UsageText {

    private UsageText() {}

    static String count(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }
}
