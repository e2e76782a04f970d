package dev.inferencemetrics.security.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.UserAccounts;
import dev.inferencemetrics.testing.IntegrationTest;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class AccountViewIT extends SpringBrowserlessTest {

    private static final String PASSWORD = "my first password";

    @Autowired
    UserAccounts accounts;

    @Autowired
    UserDetailsService userDetails;

    @Autowired
    PasswordEncoder passwordEncoder;

    private String username;

    @BeforeEach
    void signInAsAFreshUser() {
        username = "account-" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        accounts.createIfAbsent(null, username, "Fresh Operator", PASSWORD, Role.OPERATOR);
        UserDetails user = userDetails.loadUserByUsername(username);
        SecurityContextHolder.getContext()
                .setAuthentication(
                        UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities()));
    }

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void the_page_says_who_is_signed_in() {
        AccountView view = navigate(AccountView.class);

        assertThat(view.who.getText()).isEqualTo("Signed in as " + username + " · Fresh Operator");
    }

    @Test
    void a_new_password_typed_twice_alike_replaces_the_old_one() {
        AccountView view = navigate(AccountView.class);
        test(view.current).setValue(PASSWORD);
        test(view.replacement).setValue("my second password");
        test(view.repeated).setValue("my second password");

        test(view.change).click();

        assertThat(view.error.getText()).isEmpty();
        assertThat(view.done.getText()).isEqualTo("Your password has been changed.");
        assertThat(view.current.getValue()).isEmpty();
        assertThat(storedPasswordMatches("my second password")).isTrue();
    }

    @Test
    void a_wrong_current_password_or_a_mismatched_repeat_changes_nothing_and_says_why() {
        AccountView view = navigate(AccountView.class);
        test(view.current).setValue(PASSWORD);
        test(view.replacement).setValue("my second password");
        test(view.repeated).setValue("my second passwort");
        test(view.change).click();
        assertThat(view.error.getText()).isEqualTo("The new passwords do not match.");

        test(view.current).setValue("not my password");
        test(view.repeated).setValue("my second password");
        test(view.change).click();
        assertThat(view.error.getText()).isEqualTo("The current password is not right.");

        assertThat(view.done.getText()).isEmpty();
        assertThat(storedPasswordMatches(PASSWORD)).isTrue();
    }

    private boolean storedPasswordMatches(String password) {
        return passwordEncoder.matches(
                password, userDetails.loadUserByUsername(username).getPassword());
    }
}
