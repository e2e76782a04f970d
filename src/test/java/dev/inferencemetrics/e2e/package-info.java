/** End-to-end tests: the real application, in headless Chromium. */
@NullMarked
package dev.inferencemetrics.e2e;

import org.jspecify.annotations.NullMarked;
