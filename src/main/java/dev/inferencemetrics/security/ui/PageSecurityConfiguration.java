package dev.inferencemetrics.security.ui;

import com.vaadin.flow.spring.security.RequestUtil;
import com.vaadin.flow.spring.security.VaadinSecurityConfigurer;
import dev.inferencemetrics.security.SignedInSessions;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.ObjectPostProcessor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.header.HeaderWriterFilter;

/**
 * The pages' filter chain: here beside the login view it names, so the security core below it knows no page. Every
 * call that is not an API or management call goes through it.
 */
@Configuration(proxyBeanMethods = false)
public class PageSecurityConfiguration {

    /**
     * What pages may load: only this origin's scripts, styles, fonts and connections, never to be framed by another
     * site. Vaadin's production build needs both script exceptions (checked in headless Chromium against the
     * production jar): its bootstrap page carries inline scripts with the page's initial state, refused without
     * {@code 'unsafe-inline'}; and its client runs the JavaScript the server sends through {@code new Function},
     * without {@code 'unsafe-eval'} the login page stays blank. Styles are inline too; the dev tools use a WebSocket.
     */
    public static final String CONTENT_SECURITY_POLICY =
            "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval';"
                    + " style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:;"
                    + " connect-src 'self' ws: wss:; object-src 'none'; base-uri 'self'; form-action 'self';"
                    + " frame-ancestors 'none'";

    /**
     * The browser UI. Signing in changes the session id (session-fixation protection, Spring Security's default)
     * and registers the session, so disabling a user or changing their role can end their sessions; sessions also
     * end after the idle and absolute timeouts, and when a recheck finds the user disabled or with another role.
     */
    @Bean
    SecurityFilterChain vaadinSecurityFilterChain(
            HttpSecurity http, SignedInSessions sessions, RequestUtil vaadinRequests) throws Exception {
        // Vaadin's own CSRF settings exempt the login form; here only Vaadin's internal calls are exempt (they carry
        // Vaadin's own token), so a cross-site POST to /login without the page's token is refused (login CSRF)
        http.csrf(csrf -> csrf.ignoringRequestMatchers(vaadinRequests::isFrameworkInternalRequest))
                .sessionManagement(session -> session.sessionFixation(fixation -> fixation.changeSessionId()))
                .headers(headers -> headers.contentTypeOptions(Customizer.withDefaults())
                        .cacheControl(Customizer.withDefaults())
                        .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY))
                        .addObjectPostProcessor(new ObjectPostProcessor<HeaderWriterFilter>() {
                            // before the page is rendered: Vaadin may commit a response by other means than the
                            // ones the filter's on-commit hook sees
                            @Override
                            public <O extends HeaderWriterFilter> O postProcess(O filter) {
                                filter.setShouldWriteHeadersEagerly(true);
                                return filter;
                            }
                        }));
        return sessions.guardPages(http)
                .with(VaadinSecurityConfigurer.vaadin(), vaadin -> vaadin.loginView(LoginView.class)
                        .enableCsrfConfiguration(false))
                .build();
    }
}
