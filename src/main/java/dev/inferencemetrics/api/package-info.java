/**
 * What every HTTP API controller shares: problem answers (RFC 9457) and the parsing of their parameters. The API's
 * security (keys, scopes, limits) lives in {@code apikey}, the management endpoints' in {@code security}.
 */
@NullMarked
package dev.inferencemetrics.api;

import org.jspecify.annotations.NullMarked;
