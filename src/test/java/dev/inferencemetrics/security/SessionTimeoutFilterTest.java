package dev.inferencemetrics.security;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.security.core.session.SessionRegistryImpl;

class SessionTimeoutFilterTest {

    private static final SignedInUser USER = new SignedInUser(new StoredUser(7L));

    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T08:00:00Z"));
    private final SessionRegistryImpl registry = new SessionRegistryImpl();
    private final Set<Long> currentUsers = new HashSet<>(Set.of(USER.userId()));
    private final SessionTimeoutFilter filter = new SessionTimeoutFilter(
            new SessionTimeouts(
                    new SessionProperties(Duration.ofMinutes(30), Duration.ofHours(12), Duration.ofMinutes(1))),
            registry,
            user -> currentUsers.contains(user.userId()),
            clock);
    private final MockHttpSession session = new MockHttpSession();

    SessionTimeoutFilterTest() {
        session.setAttribute(SessionTimes.ATTRIBUTE, SessionTimes.signedIn(clock.instant()));
        registry.registerNewSession(session.getId(), USER);
    }

    @Test
    void a_request_of_the_user_keeps_the_session_going() throws Exception {
        clock.advance(Duration.ofMinutes(25));
        send("/deployments", null);
        clock.advance(Duration.ofMinutes(25));
        send("/deployments", null);

        assertThat(isExpired()).isFalse();
    }

    @Test
    void heartbeats_alone_do_not_keep_an_idle_session_going() throws Exception {
        for (int beat = 0; beat < 5; beat++) {
            clock.advance(Duration.ofMinutes(5));
            send("/", "v-r=heartbeat&v-uiId=0");
        }
        assertThat(isExpired()).isFalse();

        clock.advance(Duration.ofMinutes(5));
        send("/", "v-r=heartbeat&v-uiId=0");

        assertThat(isExpired()).isTrue();
    }

    @Test
    void a_vaadin_request_after_the_idle_timeout_ends_the_session() throws Exception {
        clock.advance(Duration.ofMinutes(30));

        send("/", "v-r=uidl&v-uiId=0");

        assertThat(isExpired()).isTrue();
    }

    @Test
    void an_active_session_ends_at_the_absolute_timeout() throws Exception {
        for (int step = 0; step < 12 * 4 - 1; step++) {
            clock.advance(Duration.ofMinutes(15));
            send("/deployments", null);
        }
        assertThat(isExpired()).isFalse();

        clock.advance(Duration.ofMinutes(15));
        send("/deployments", null);

        assertThat(isExpired()).isTrue();
    }

    @Test
    void a_session_the_registry_does_not_know_is_invalidated_outright() throws Exception {
        registry.removeSessionInformation(session.getId());

        send("/deployments", null);

        assertThat(session.isInvalid()).isTrue();
    }

    @Test
    void a_user_disabled_elsewhere_is_signed_out_at_the_first_request_after_the_recheck_interval() throws Exception {
        currentUsers.clear();
        clock.advance(Duration.ofSeconds(59));
        send("/deployments", null);
        assertThat(isExpired()).isFalse();

        clock.advance(Duration.ofSeconds(1));
        send("/", "v-r=heartbeat&v-uiId=0");

        assertThat(isExpired()).isTrue();
    }

    @Test
    void a_user_still_current_is_rechecked_once_per_interval() throws Exception {
        clock.advance(Duration.ofMinutes(1));
        send("/deployments", null);
        currentUsers.clear();
        clock.advance(Duration.ofSeconds(59));
        send("/deployments", null);

        assertThat(isExpired()).isFalse();
    }

    /** An account as stored, with an id. */
    private static final class StoredUser extends AppUser {
        private final Long id;

        StoredUser(Long id) {
            super(3L, "someone", "Someone", "{noop}x", Role.TENANT_VIEWER, Instant.EPOCH);
            this.id = id;
        }

        @Override
        public Long getId() {
            return id;
        }
    }

    private void send(String path, String query) throws Exception {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", path);
        request.setQueryString(query);
        request.setSession(session);
        filter.doFilter(request, new MockHttpServletResponse(), new MockFilterChain());
    }

    private boolean isExpired() {
        return registry.getSessionInformation(session.getId()).isExpired();
    }
}
