package dev.inferencemetrics.security;

import dev.inferencemetrics.api.ProblemWriter;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * Security of {@code /actuator/**}: health probes are open to the orchestrator; the service's own metrics only to
 * operators (session or HTTP basic) and to a scraper holding the configured token.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ManagementProperties.class)
class ManagementSecurityConfiguration {

    @Bean
    @Order(3)
    SecurityFilterChain managementFilterChain(HttpSecurity http, ManagementProperties properties) throws Exception {
        http.securityMatcher("/actuator", "/actuator/**")
                .csrf(csrf -> csrf.disable())
                .requestCache(cache -> cache.disable())
                .httpBasic(Customizer.withDefaults())
                .exceptionHandling(errors -> errors.authenticationEntryPoint((request, response, e) -> {
                    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"inference-metrics\"");
                    ProblemWriter.write(
                            response, HttpStatus.UNAUTHORIZED, "Sign in as an operator or send the scrape token.");
                }))
                .authorizeHttpRequests(requests -> requests.requestMatchers("/actuator/health", "/actuator/health/**")
                        .permitAll()
                        .anyRequest()
                        .hasAnyAuthority(Role.OPERATOR.authority(), ScrapeTokenFilter.SCRAPE_AUTHORITY));
        String token = properties.scrapeToken();
        if (token != null && !token.isBlank()) {
            http.addFilterBefore(new ScrapeTokenFilter(token), BasicAuthenticationFilter.class);
        }
        return http.build();
    }
}
