package dev.inferencemetrics.apikey;

import dev.inferencemetrics.security.SignedInUser;
import dev.inferencemetrics.tenancy.TenantScope;
import org.jspecify.annotations.Nullable;

/**
 * Whose limits an API call counts against: its caller (an API key or a signed-in user, each with a request rate of
 * its own) and the share of the database it draws on — its tenant's, or for an operator, who reads across tenants,
 * a share of the operator's own.
 *
 * @param session whether the caller is a signed-in user rather than a key
 * @param callerId the key's id, or the user's
 * @param shareId the tenant's id (positive), or an operator's own share (negative); operator keys share one
 */
record CallShare(boolean session, long callerId, long shareId) {

    /** Below every operator's own share ({@code -1 - userId}), so provisioning never draws on a person's. */
    private static final long OPERATOR_KEYS_SHARE = Long.MIN_VALUE;

    static @Nullable CallShare of(@Nullable Object principal) {
        return switch (principal) {
            case ApiClient client ->
                new CallShare(
                        false,
                        client.keyId(),
                        client.scope() instanceof TenantScope.SingleTenant single
                                ? single.tenantId()
                                : OPERATOR_KEYS_SHARE);
            case SignedInUser user ->
                new CallShare(
                        true,
                        user.userId(),
                        user.scope() instanceof TenantScope.SingleTenant single
                                ? single.tenantId()
                                : -1 - user.userId());
            case null, default -> null;
        };
    }
}
