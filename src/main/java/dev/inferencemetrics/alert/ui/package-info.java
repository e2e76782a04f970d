/** The alert history page, alert bands on the Metrics charts and firing alerts on the fleet overview. */
@NullMarked
package dev.inferencemetrics.alert.ui;

import org.jspecify.annotations.NullMarked;
