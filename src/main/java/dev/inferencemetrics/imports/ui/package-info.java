/** The import tab of a deployment's page. */
@NullMarked
package dev.inferencemetrics.imports.ui;

import org.jspecify.annotations.NullMarked;
