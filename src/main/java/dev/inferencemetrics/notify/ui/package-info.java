/** The notification channels' part of the Alerts page: add, test, switch and remove channels. */
@NullMarked
package dev.inferencemetrics.notify.ui;

import org.jspecify.annotations.NullMarked;
