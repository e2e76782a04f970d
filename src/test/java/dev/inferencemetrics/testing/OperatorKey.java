package dev.inferencemetrics.testing;

import dev.inferencemetrics.apikey.ApiKeyService;
import dev.inferencemetrics.tenancy.TenantScope;
import org.springframework.context.ApplicationContext;

/** An operator key (scope admin) of the demo world's operator, for the provisioning API. */
public final class OperatorKey {

    private OperatorKey() {}

    /** A new key acting for the operator with this username; returns the key itself. */
    public static String create(ApplicationContext context, String operatorUsername) {
        long operatorId = operatorId(context, operatorUsername);
        return context.getBean(ApiKeyService.class)
                .createOperatorKey(TenantScope.allTenants(), operatorId, "provisioning test", null)
                .plaintext();
    }

    public static long operatorId(ApplicationContext context, String operatorUsername) {
        return context.getBean(OwnerJdbc.class)
                .jdbc()
                .queryForObject(
                        "select id from app_user where username = ? and role = 'OPERATOR'",
                        Long.class,
                        operatorUsername);
    }
}
