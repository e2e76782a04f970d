package dev.inferencemetrics.audit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inferencemetrics.apikey.ApiClient;
import dev.inferencemetrics.apikey.ApiKeyAuthentication;
import dev.inferencemetrics.apikey.ApiScope;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;

class CurrentActorTest {

    private final CurrentActor actor = new CurrentActor();

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void a_signed_in_person_is_named_by_their_username() {
        UserDetails ana = User.withUsername("ana")
                .password("secret")
                .roles("TENANT_ADMIN")
                .build();
        SecurityContextHolder.getContext()
                .setAuthentication(UsernamePasswordAuthenticationToken.authenticated(ana, null, ana.getAuthorities()));

        assertThat(actor.name()).isEqualTo("ana");
    }

    @Test
    void an_api_client_is_named_by_its_keys_prefix() {
        ApiClient client = new ApiClient(3L, 9L, "im_7f3a", Set.of(ApiScope.INGEST));
        SecurityContextHolder.getContext().setAuthentication(new ApiKeyAuthentication(client));

        assertThat(actor.name()).isEqualTo("API key im_7f3a…");
    }

    @Test
    void work_without_anyone_signed_in_is_the_systems() {
        assertThat(actor.name()).isEqualTo(CurrentActor.SYSTEM);
    }
}
