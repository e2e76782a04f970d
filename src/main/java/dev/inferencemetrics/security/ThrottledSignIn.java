package dev.inferencemetrics.security;

import java.time.Duration;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DataAccessException;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.DisabledException;
import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Username and password sign-in (login form and HTTP basic), behind the failed sign-in throttle, announcing each
 * outcome as {@link SignInSucceeded} or {@link SignInFailed}.
 */
final class ThrottledSignIn implements AuthenticationProvider {

    private static final String UNKNOWN_ADDRESS = "unknown";

    private final AuthenticationProvider passwords;
    private final SignInThrottle throttle;
    private final ApplicationEventPublisher events;

    ThrottledSignIn(AuthenticationProvider passwords, SignInThrottle throttle, ApplicationEventPublisher events) {
        this.passwords = passwords;
        this.throttle = throttle;
        this.events = events;
    }

    /** The failure counts live in the database: while it cannot be reached, nobody signs in, with a clear message. */
    @Override
    public @Nullable Authentication authenticate(Authentication attempt) {
        try {
            return throttled(attempt);
        } catch (DataAccessException e) {
            throw new InternalAuthenticationServiceException("the sign-in throttle cannot reach the database", e);
        }
    }

    /** Null, as Spring Security's providers answer, when the password provider does not handle the attempt. */
    private @Nullable Authentication throttled(Authentication attempt) {
        String username = attempt.getName();
        String address = addressOf(attempt);
        Optional<Duration> refusal = throttle.refusal(username, address);
        if (refusal.isPresent()) {
            events.publishEvent(new SignInFailed(username, address, SignInFailed.THROTTLED));
            throw new SignInThrottledException(refusal.get());
        }
        @Nullable Authentication result;
        try {
            result = passwords.authenticate(attempt);
        } catch (AuthenticationException e) {
            throttle.failed(username, address);
            events.publishEvent(new SignInFailed(username, address, reasonOf(e)));
            throw e;
        }
        throttle.succeeded(username, address);
        if (result != null && result.getPrincipal() instanceof SignedInUser user) {
            events.publishEvent(new SignInSucceeded(user.getUsername(), user.userId(), user.tenantId(), address));
        }
        return result;
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }

    private static String addressOf(Authentication attempt) {
        return attempt.getDetails() instanceof WebAuthenticationDetails details && details.getRemoteAddress() != null
                ? details.getRemoteAddress()
                : UNKNOWN_ADDRESS;
    }

    private static String reasonOf(AuthenticationException e) {
        return e instanceof DisabledException ? SignInFailed.DISABLED : SignInFailed.BAD_CREDENTIALS;
    }
}
