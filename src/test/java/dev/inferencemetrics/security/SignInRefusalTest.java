package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SignInRefusalTest {

    @Test
    void the_login_page_says_how_many_minutes_are_left() {
        assertThat(SignInRefusal.messageFor(new SignInThrottledException(Duration.ofSeconds(601))))
                .contains("Too many failed sign-ins — try again in 11 minutes.");
        assertThat(SignInRefusal.messageFor(new SignInThrottledException(Duration.ofSeconds(20))))
                .contains("Too many failed sign-ins — try again in 1 minute.");
        assertThat(SignInRefusal.messageFor(null)).isEmpty();
    }
}
