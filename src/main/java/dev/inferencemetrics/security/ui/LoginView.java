package dev.inferencemetrics.security.ui;

import com.vaadin.flow.component.html.H1;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.login.LoginForm;
import com.vaadin.flow.component.login.LoginI18n;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.router.BeforeEnterEvent;
import com.vaadin.flow.router.BeforeEnterObserver;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinSession;
import com.vaadin.flow.server.auth.AnonymousAllowed;
import dev.inferencemetrics.security.SignInRefusal;
import java.util.Optional;
import org.springframework.security.web.WebAttributes;

@Route(value = "login", autoLayout = false)
@PageTitle("Sign in · Inference Metrics")
@AnonymousAllowed
public class LoginView extends VerticalLayout implements BeforeEnterObserver {

    final LoginForm login = new LoginForm();
    final LoginI18n i18n = LoginI18n.createDefault();

    public LoginView() {
        setSizeFull();
        setAlignItems(Alignment.CENTER);
        setJustifyContentMode(JustifyContentMode.CENTER);
        login.setAction("login");
        login.setForgotPasswordButtonVisible(false);
        Paragraph tagline = new Paragraph("Latency, KV cache and token usage for your model deployments");
        tagline.addClassName("login-tagline");
        add(new H1("Inference Metrics"), tagline, login);
    }

    @Override
    public void beforeEnter(BeforeEnterEvent event) {
        boolean failed =
                event.getLocation().getQueryParameters().getParameters().containsKey("error");
        login.setError(failed);
        if (failed) {
            refusal().ifPresent(this::showRefusal);
        }
    }

    private Optional<String> refusal() {
        VaadinSession session = VaadinSession.getCurrent();
        return session == null
                ? Optional.empty()
                : SignInRefusal.messageFor(session.getSession().getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION));
    }

    private void showRefusal(String message) {
        i18n.getErrorMessage().setTitle("Sign-in refused");
        i18n.getErrorMessage().setMessage(message);
        login.setI18n(i18n);
    }
}
