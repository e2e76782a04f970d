package dev.inferencemetrics.audit;

import dev.inferencemetrics.tenancy.Caller;
import org.jspecify.annotations.Nullable;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetails;
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
            case UserDetails user -> user.getUsername();
            case Caller client -> "API key " + authentication.getName() + "…";
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
