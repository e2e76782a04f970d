package dev.inferencemetrics.apikey;

import dev.inferencemetrics.api.ProblemWriter;
import dev.inferencemetrics.security.Role;
import dev.inferencemetrics.security.SameOriginSessionWrites;
import dev.inferencemetrics.security.SignedInSessions;
import java.io.IOException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.AnonymousAuthenticationFilter;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.session.SessionInformationExpiredEvent;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Security of {@code /api/**} and the OTLP trace path {@code /v1/traces}: API keys (bearer) with scopes; signed-in people may also read through their session.
 * Answers are JSON problems, never redirects to the login page.
 */
@Configuration(proxyBeanMethods = false)
class ApiSecurityConfiguration {

    @Bean
    @Order(1)
    SecurityFilterChain apiFilterChain(
            HttpSecurity http, ApiKeyService keys, ApiAdmission admission, SignedInSessions sessions) throws Exception {
        String[] anySignedIn = {Role.OPERATOR.authority(), Role.TENANT_ADMIN.authority(), Role.TENANT_VIEWER.authority()
        };
        // a session reads here under the same timeouts and account rechecks as in the UI
        return sessions.guardReads(
                        http.securityMatcher("/api/**", "/v1/traces"), ApiSecurityConfiguration::sessionEnded)
                // no CSRF token here: a write made with a session cookie must come from this server's own pages
                // (SameOriginSessionWrites checks its Origin); writes with a bearer key carry no cookie's authority
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .requestCache(cache -> cache.disable())
                .addFilterBefore(new ApiKeyAuthenticationFilter(keys), AnonymousAuthenticationFilter.class)
                .addFilterAfter(new SameOriginSessionWrites(), ApiKeyAuthenticationFilter.class)
                .addFilterAfter(new ApiAdmissionFilter(admission), SameOriginSessionWrites.class)
                .authorizeHttpRequests(requests -> requests.requestMatchers(HttpMethod.POST, "/api/v1/ingest/**")
                        .hasAuthority(ApiScope.INGEST.authority())
                        .requestMatchers(HttpMethod.POST, "/v1/traces", "/api/v1/otlp/v1/traces")
                        .hasAuthority(ApiScope.INGEST.authority())
                        .requestMatchers(HttpMethod.GET, "/api/v1/usage", "/api/v1/usage/**")
                        .hasAnyAuthority(
                                ApiScope.USAGE_READ.authority(),
                                Role.OPERATOR.authority(),
                                Role.TENANT_ADMIN.authority())
                        .requestMatchers(HttpMethod.PUT, "/api/v1/tenants/*", "/api/v1/deployments/*")
                        .hasAuthority(ApiScope.ADMIN.authority())
                        .requestMatchers(
                                HttpMethod.POST,
                                "/api/v1/tenants/*/archive",
                                "/api/v1/tenants/*/restore",
                                "/api/v1/deployments/*/archive",
                                "/api/v1/deployments/*/restore")
                        .hasAuthority(ApiScope.ADMIN.authority())
                        // operators' global channels have no key to go with (keys belong to a tenant), so an
                        // operator's session may manage channels; its cookie is SameSite=Lax, so no other site's
                        // form carries it, and a sibling port's or subdomain's script is refused by its Origin
                        .requestMatchers("/api/v1/alert-channels", "/api/v1/alert-channels/**")
                        .hasAnyAuthority(ApiScope.ALERTS_WRITE.authority(), Role.OPERATOR.authority())
                        .requestMatchers(
                                HttpMethod.POST, "/api/v1/alerts/*/acknowledge", "/api/v1/deployments/*/silences")
                        .hasAuthority(ApiScope.ALERTS_WRITE.authority())
                        .requestMatchers(
                                HttpMethod.PUT,
                                "/api/v1/deployments/*/alert-rules/*",
                                "/api/v1/deployments/*/objectives",
                                "/api/v1/deployments/*/objectives/*")
                        .hasAuthority(ApiScope.ALERTS_WRITE.authority())
                        .requestMatchers(HttpMethod.DELETE, "/api/v1/deployments/*/silences/*")
                        .hasAuthority(ApiScope.ALERTS_WRITE.authority())
                        .requestMatchers(HttpMethod.GET, "/api/v1/alerts")
                        .hasAnyAuthority(concat(ApiScope.METRICS_READ.authority(), anySignedIn))
                        .requestMatchers(HttpMethod.GET, "/api/v1/scrape-targets")
                        .hasAnyAuthority(
                                ApiScope.SOURCES_WRITE.authority(),
                                Role.OPERATOR.authority(),
                                Role.TENANT_ADMIN.authority())
                        .requestMatchers(HttpMethod.POST, "/api/v1/scrape-targets")
                        .hasAuthority(ApiScope.SOURCES_WRITE.authority())
                        .requestMatchers(HttpMethod.DELETE, "/api/v1/scrape-targets/*")
                        .hasAuthority(ApiScope.SOURCES_WRITE.authority())
                        // annotations are written by the deploy pipelines that already hold an ingest key
                        .requestMatchers(HttpMethod.POST, "/api/v1/deployments/*/annotations")
                        .hasAuthority(ApiScope.INGEST.authority())
                        .requestMatchers(HttpMethod.DELETE, "/api/v1/deployments/*/annotations/*")
                        .hasAuthority(ApiScope.INGEST.authority())
                        .requestMatchers(
                                HttpMethod.GET,
                                "/api/v1/deployments",
                                "/api/v1/deployments/**",
                                "/api/v1/fleet",
                                "/api/v1/autoscaling",
                                "/api/v1/slo-presets",
                                "/api/v1/compare")
                        .hasAnyAuthority(concat(ApiScope.METRICS_READ.authority(), anySignedIn))
                        .anyRequest()
                        .denyAll())
                .exceptionHandling(errors -> errors.authenticationEntryPoint((request, response, e) -> {
                            response.setHeader("WWW-Authenticate", "Bearer");
                            ProblemWriter.write(
                                    response, HttpStatus.UNAUTHORIZED, "Send an API key: Authorization: Bearer <key>.");
                        })
                        .accessDeniedHandler((request, response, e) -> ProblemWriter.write(
                                response, HttpStatus.FORBIDDEN, "This key or user lacks the scope for this call.")))
                .build();
    }

    /**
     * The OpenAPI document and Swagger UI describe every call, so only someone who may make calls reads them: a
     * signed-in person (the browser is sent to the login page) or a caller with an API key.
     */
    @Bean
    @Order(2)
    SecurityFilterChain apiDocumentationFilterChain(HttpSecurity http, ApiKeyService keys, SignedInSessions sessions)
            throws Exception {
        RequestMatcher swaggerUi = new OrRequestMatcher(
                PathPatternRequestMatcher.withDefaults().matcher("/swagger-ui.html"),
                PathPatternRequestMatcher.withDefaults().matcher("/swagger-ui/**"));
        return sessions.guardReads(
                        http.securityMatcher("/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**"),
                        ApiSecurityConfiguration::sessionEnded)
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.NEVER))
                .requestCache(cache -> cache.disable())
                .addFilterBefore(new ApiKeyAuthenticationFilter(keys), AnonymousAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> requests.anyRequest().authenticated())
                .exceptionHandling(errors -> errors.defaultAuthenticationEntryPointFor(
                                new LoginUrlAuthenticationEntryPoint("/login"), swaggerUi)
                        .defaultAuthenticationEntryPointFor(
                                (request, response, e) -> {
                                    response.setHeader("WWW-Authenticate", "Bearer");
                                    ProblemWriter.write(
                                            response,
                                            HttpStatus.UNAUTHORIZED,
                                            "Sign in, or send an API key: Authorization: Bearer <key>.");
                                },
                                request -> true))
                .build();
    }

    private static void sessionEnded(SessionInformationExpiredEvent event) throws IOException {
        event.getResponse().setHeader("WWW-Authenticate", "Bearer");
        ProblemWriter.write(
                event.getResponse(),
                HttpStatus.UNAUTHORIZED,
                "The session has ended (signed out, timed out or the account changed); sign in again.");
    }

    private static String[] concat(String first, String[] rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
