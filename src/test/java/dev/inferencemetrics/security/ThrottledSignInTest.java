package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inferencemetrics.lease.SchedulerLease;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.InternalAuthenticationServiceException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;

class ThrottledSignInTest {

    @Test
    void without_its_database_the_throttle_refuses_every_sign_in_and_the_login_page_says_why() {
        // nothing listens on port 1: every statement fails as it would while the database is down
        JdbcClient unreachable = JdbcClient.create(new DriverManagerDataSource("jdbc:postgresql://127.0.0.1:1/none"));
        SignInThrottle throttle = new SignInThrottle(
                new SignInThrottleProperties(5, 20, Duration.ofMinutes(15)),
                new SignInAttemptStore(unreachable),
                new SchedulerLease(unreachable, Clock.systemUTC(), "unreachable"),
                Clock.systemUTC());
        ThrottledSignIn signIn = new ThrottledSignIn(new PasswordsNeverAsked(), throttle, event -> {});

        assertThatThrownBy(() ->
                        signIn.authenticate(UsernamePasswordAuthenticationToken.unauthenticated("acme-admin", "demo")))
                .isInstanceOfSatisfying(InternalAuthenticationServiceException.class, refused -> assertThat(
                                SignInRefusal.messageFor(refused))
                        .contains("Sign-in is not available right now: the database cannot be reached."
                                + " Try again in a minute."));
    }

    private static final class PasswordsNeverAsked implements AuthenticationProvider {
        @Override
        public Authentication authenticate(Authentication attempt) {
            throw new AssertionError("passwords are not checked while failures cannot be counted");
        }

        @Override
        public boolean supports(Class<?> authentication) {
            return true;
        }
    }
}
