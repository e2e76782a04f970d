package dev.inferencemetrics.security.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.browserless.SpringBrowserlessTest;
import com.vaadin.browserless.ViewPackages;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.login.LoginI18n;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.server.VaadinSession;
import dev.inferencemetrics.security.SignInThrottle;
import dev.inferencemetrics.testing.IntegrationTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.WebAttributes;

@IntegrationTest
@ViewPackages(packages = "dev.inferencemetrics")
class LoginViewIT extends SpringBrowserlessTest {

    @Autowired
    SignInThrottle throttle;

    @Autowired
    AuthenticationProvider signIn;

    @Test
    void a_throttled_sign_in_is_explained_on_the_login_page() {
        String username = "login-view-" + System.nanoTime();
        for (int attempt = 0; attempt < 5; attempt++) {
            throttle.failed(username, "192.0.2.10");
        }
        remember(refusal(username, "192.0.2.10"));

        LoginView view = openAfterFailure();

        assertThat(view.login.isError()).isTrue();
        assertThat(view.i18n.getErrorMessage().getMessage())
                .isEqualTo("Too many failed sign-ins — try again in 15 minutes.");
    }

    @Test
    void a_wrong_password_keeps_the_forms_general_message() {
        remember(new BadCredentialsException("bad credentials"));

        LoginView view = openAfterFailure();

        assertThat(view.login.isError()).isTrue();
        assertThat(view.i18n.getErrorMessage().getMessage())
                .isEqualTo(LoginI18n.createDefault().getErrorMessage().getMessage());
    }

    private AuthenticationException refusal(String username, String address) {
        var attempt = UsernamePasswordAuthenticationToken.unauthenticated(username, "whatever password");
        attempt.setDetails(new org.springframework.security.web.authentication.WebAuthenticationDetails(address, null));
        try {
            new ProviderManager(signIn).authenticate(attempt);
        } catch (AuthenticationException e) {
            return e;
        }
        throw new AssertionError("the sign-in went through");
    }

    private LoginView openAfterFailure() {
        UI.getCurrent().navigate("login", QueryParameters.of("error", ""));
        return (LoginView) getCurrentView();
    }

    private static void remember(AuthenticationException failure) {
        VaadinSession.getCurrent().getSession().setAttribute(WebAttributes.AUTHENTICATION_EXCEPTION, failure);
    }
}
