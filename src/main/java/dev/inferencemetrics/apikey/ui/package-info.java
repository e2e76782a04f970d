/** Where tenant admins and operators create, list and revoke API keys. */
@NullMarked
package dev.inferencemetrics.apikey.ui;

import org.jspecify.annotations.NullMarked;
