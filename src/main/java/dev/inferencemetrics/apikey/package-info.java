/** API keys: how gateways and billing clients authenticate; a key fixes its tenant and carries scopes. */
@NullMarked
package dev.inferencemetrics.apikey;

import org.jspecify.annotations.NullMarked;
