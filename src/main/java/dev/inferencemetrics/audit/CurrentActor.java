package dev.inferencemetrics.audit;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.security.SignedInUser;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

/** Who is acting on this thread (a signed-in person, an API client, or the system) and from which address. */
@Component
class CurrentActor {

    static final String SYSTEM = "system";

    String name() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication == null) {
            return SYSTEM;
        }
        return switch (authentication.getPrincipal()) {
            case SignedInUser user -> user.getUsername();
            case ApiClient client -> "API key " + client.keyPrefix() + "…";
            case null, default -> SYSTEM;
        };
    }

    @Nullable
    String clientAddress() {
        return RequestContextHolder.getRequestAttributes() instanceof ServletRequestAttributes request
                ? request.getRequest().getRemoteAddr()
                : null;
    }
}
